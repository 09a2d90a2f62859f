/**
 * Builds one feed into a Node stream: the format's writer over the list's products, batch by
 * batch. After each batch it waits while `out` is full, so a slow reader slows the database reads
 * down instead of filling memory; when `out` closes early (the client went away) it stops.
 */
import type { Writable } from 'node:stream';
import type { Db } from '../db/client';
import { feedBatches, feedContext } from './rows';
import { selectionCondition } from './selection';
import type { ExportRow } from './lists';
import type { Field, Format } from './settings';
import { csvWriter } from './formats/csv';
import { jsonWriter } from './formats/json';
import { xlsxWriter } from './formats/xlsx';
import { ymlWriter } from './formats/yml';
import type { FeedWriter, WriterInit } from './formats/writer';

const WRITERS: Record<Format, (init: WriterInit) => FeedWriter> = { csv: csvWriter, json: jsonWriter, xlsx: xlsxWriter, yml: ymlWriter };

export type BuildPlan = {
  list: Pick<ExportRow, 'id' | 'name' | 'companyId' | 'userId' | 'settings'>;
  format: Format;
  fields: Field[];
  /** Whose prices: the owner's company, or none (retail). */
  companyId: number | null;
  /** Absolute base of product and picture links. */
  site: string;
  date: Date;
};

/** Resolves when `out` can take more, or has closed (then `stop.stopped` is set). */
function room(out: Writable, stop: { stopped: boolean }): Promise<void> | void {
  if (out.destroyed || out.writableEnded) {
    stop.stopped = true;
    return;
  }
  if (!out.writableNeedDrain) return;
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      if (out.destroyed) stop.stopped = true;
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Writes the whole feed into `out` and ends it; answers the number of products written, or null when stopped early. */
export async function buildFeed(db: Db, plan: BuildPlan, out: Writable): Promise<number | null> {
  const stop = { stopped: false };
  const onClose = () => (stop.stopped = true);
  out.once('close', onClose);
  try {
    const ctx = await feedContext(db, { site: plan.site, fields: plan.fields, companyId: plan.companyId });
    const where = await selectionCondition(db, plan.list);
    const writer = WRITERS[plan.format]({ out, ctx, fields: plan.fields, list: { id: plan.list.id, name: plan.list.name }, date: plan.date });
    await writer.begin();
    let rows = 0;
    for await (const batch of feedBatches(db, ctx, where, stop)) {
      await writer.rows(batch);
      rows += batch.length;
      await room(out, stop);
    }
    if (stop.stopped) return null;
    await writer.end();
    if (!out.writableEnded) out.end();
    return rows;
  } finally {
    out.off('close', onClose);
  }
}
