/**
 * Issue 23 (decision 0192): HTTP integration files sign in as their own data sets, never as the demo
 * accounts — but for the files listed here, each for its reason — and no two files share a set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_INVITED, DEMO_USERS } from '../../src/server/seed/seed';
import { INTEGRATION_SETS } from '../../src/server/seed/fixture-sets';

const DIR = path.resolve(import.meta.dirname, '../integration');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.test.ts'));
const source = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');

/** Files that may name a demo account, and why. */
const ALLOWED: Record<string, string> = {
  'demo-accounts.test.ts': "the one check that the README's accounts work (read-only)",
  'exchange-catalog.test.ts': 'the 1C exchange login (a configuration credential); changed by others',
  'exchange-sale.test.ts': 'the 1C exchange login (a configuration credential); changed by others',
  'pricelist-import.test.ts': 'changed by others',
  'production-start.test.ts': 'proves the demo accounts are refused in production',
  'seed.test.ts': 'tests the demo seed itself',
  'accounts-sessions-db.test.ts': 'calls the session code on a database of its own (no server)',
  'addresses-db.test.ts': 'calls the address services on a database of its own (no server)',
  'basket-db.test.ts': 'calls the basket services on a database of its own (no server)',
  'exports-db.test.ts': 'calls the export services on a database of its own (no server)',
};

describe('integration files own their data', () => {
  it('no other file names a demo account', () => {
    const demo = [...DEMO_USERS.map((u) => u.email), DEMO_INVITED.email, 'admin@elektromontazh.by', ...DEMO_USERS.map((u) => u.id), DEMO_INVITED.id];
    const offenders = files.filter((f) => !(f in ALLOWED)).flatMap((f) => demo.filter((d) => source(f).includes(`'${d}'`)).map((d) => `${f}: ${d}`));
    expect(offenders).toEqual([]);
  });

  it('every integration set is taken by exactly one file, and every file names only sets that exist', () => {
    const taken = new Map<string, string[]>();
    for (const f of [...files.map((f) => path.join(DIR, f)), path.resolve(DIR, '../helpers/company-server.ts')]) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bfixture\('([^']+)'\)/g)) taken.set(m[1]!, [...(taken.get(m[1]!) ?? []), path.basename(f)]);
    }
    expect([...taken.keys()].filter((n) => !(INTEGRATION_SETS as readonly string[]).includes(n))).toEqual([]);
    expect(INTEGRATION_SETS.filter((n) => (taken.get(n) ?? []).length !== 1).map((n) => `${n}: ${taken.get(n)?.join(', ') ?? 'no file'}`)).toEqual([]);
  });
});
