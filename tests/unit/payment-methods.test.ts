/** Issue 26: the ways to pay follow the buyer — retail online or on receipt; contractors by invoice, online only if the company allows. */
import { describe, expect, it } from 'vitest';
import { paymentTypes } from '../../src/server/checkout/state';
import type { Viewer } from '../../src/server/http/guard';

const viewer = (companyId: number | null, can: string[] = []) => ({ id: 'u', companyId, can: (p: string) => can.includes(p) }) as unknown as Viewer;
const ids = (p: ReturnType<typeof paymentTypes>) => p.types.map((x) => x.id);

describe('paymentTypes', () => {
  it('a guest or retail customer: card online, ЕРИП, cash or card on receipt; cash by default', () => {
    expect(ids(paymentTypes(null))).toEqual(['online', 'erip', 'cash', 'card']);
    expect(ids(paymentTypes(viewer(null)))).toEqual(['online', 'erip', 'cash', 'card']);
    expect(paymentTypes(null).default).toBe('cash');
  });
  it('a contractor: invoice first; online only when the company allows it', () => {
    expect(ids(paymentTypes(viewer(7), false))).toEqual(['invoice', 'cash', 'card']);
    expect(ids(paymentTypes(viewer(7), true))).toEqual(['invoice', 'online', 'erip', 'cash', 'card']);
    expect(ids(paymentTypes(viewer(7, ['invoice_only']), false))).toEqual(['invoice']);
    expect(ids(paymentTypes(viewer(7, ['invoice_only']), true))).toEqual(['invoice', 'online', 'erip']);
    expect(paymentTypes(viewer(7), true).default).toBe('invoice');
  });
});
