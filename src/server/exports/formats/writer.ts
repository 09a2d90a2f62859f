/** What every feed format implements: a beginning, batches of rows, an end, written into `out`. */
import type { Writable } from 'node:stream';
import type { FeedContext, FeedRow } from '../rows';
import type { Field } from '../settings';
import { MINSK_OFFSET_MS } from '../../../lib/format';

export type WriterInit = {
  out: Writable;
  ctx: FeedContext;
  /** The fields the file has, in order (YML's core fields already added). */
  fields: Field[];
  list: { id: number; name: string };
  /** When this content first appeared: the YML `date`, the JSON `generated_at`. */
  date: Date;
};

export type FeedWriter = {
  begin(): Promise<void> | void;
  rows(batch: FeedRow[]): Promise<void> | void;
  end(): Promise<void> | void;
};

/** Minsk time (UTC+3, no daylight saving) in ISO 8601 with its offset, as YML wants it. */
export function minskIso(d: Date): string {
  return new Date(d.getTime() + MINSK_OFFSET_MS).toISOString().slice(0, 16) + '+03:00';
}
