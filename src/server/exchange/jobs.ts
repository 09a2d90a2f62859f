/**
 * `mode=import` in bounded steps (docs/decisions/0200-exchange-1c.md, «Import jobs»). 1C repeats
 * `mode=import&filename=X` until it hears `success` or `failure`; the answer `progress\n<line>` makes it
 * ask again. So the import of a file runs as a job in the background and each request waits for it at most
 * EXCHANGE_STEP_SECONDS — 1C's HTTP timeout is never reached, whatever the file's size.
 *
 * The job's state is a row of `exchange_jobs`, because 1C's next request may reach another app node:
 * - the first request claims the job (INSERT … ON CONFLICT DO NOTHING on the partial unique index of the
 *   session's current (session, file)), runs it here and beats its heartbeat with its progress (PostgreSQL);
 * - a request on another node reads the row and waits by polling it;
 * - a node that is stopped (SIGTERM) stops its jobs after the batch under way, rolls back and lets their rows go
 *   (heartbeat at the epoch): the next request, on any node, takes them over at once;
 * - a running job whose heartbeat is older than EXCHANGE_STALE_SECONDS lost its node (crashed, killed):
 *   the next request takes it over (an UPDATE guarded by the old heartbeat, so one node wins) and runs it
 *   again from the start. The catalogue part is one transaction, so the dead run changed nothing: never half
 *   a price list.
 * On PGlite (one process, one connection, which a transaction holds) the file is checked whole and then
 * written one short transaction per batch (exchange/catalog.ts, commit 'batch'): pages are answered, and the
 * heartbeat (read there only by the desk's journal) is written, between batches. 1C's requests are answered
 * from this process's memory (no other node exists); a job left `running` by a previous process is restarted at
 * 1C's next request (no stale period to wait for), and its rerun writes the whole file again over what the dead
 * run had committed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { getDbHandle, type Db, type DbHandle } from '../db/client';
import { exchangeJobs } from '../db/schema';
import { config } from '../config';
import { importCatalogFile, ImportFailure, ImportStopped, type ImportStats } from './catalog';
import { applyPictures } from './pictures';
import { sessionDir, sessionFile } from './files';
import { unzipSafely, ZipRefused } from './unzip';

/** This process, as written in `exchange_jobs.node`. */
export const NODE_ID = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

type Counts = { kind: string; sections: number; created: number; updated: number; deactivated: number; prices: number; stocks: number; pictures: number; skipped: number };
type Local = { jobId: number; stage: string; counts: Counts; result?: { status: 'done' | 'failed'; error: string | null }; done: Promise<void>; stop: AbortController };

/** Jobs running in this process, by session and file. */
const local = new Map<string, Local>();

/** The database handles whose closing stops this process's jobs (registered once per handle). */
const stopsOn = new WeakSet<object>();

/**
 * The node shuts down (SIGTERM: DbHandle.close runs the stops first): each running job stops after its current batch,
 * its transaction rolls back (PostgreSQL; on PGlite the next process reruns the file anyway), and its row is let go —
 * heartbeat at the epoch — so the node 1C reaches next takes it over at once instead of after EXCHANGE_STALE_SECONDS.
 */
function stopJobsOnClose(handle: DbHandle): void {
  if (stopsOn.has(handle)) return;
  stopsOn.add(handle);
  handle.beforeClose(async () => {
    const running = [...local.values()].filter((job) => !job.result);
    for (const job of running) job.stop.abort();
    await Promise.all(running.map((job) => job.done));
  });
}

export type StepAnswer = { status: 'progress' | 'success' | 'failure'; line: string };

const zero = (): Counts => ({ kind: 'other', sections: 0, created: 0, updated: 0, deactivated: 0, prices: 0, stocks: 0, pictures: 0, skipped: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** The progress line 1C shows in its exchange log (Russian). */
function describe(file: string, s: ImportStats): string {
  if (s.checking) return `${file}: проверка файла, прочитано ${s.kind === 'offers' ? 'предложений' : 'товаров'} ${s.read}`;
  return s.kind === 'offers'
    ? `${file}: прочитано предложений ${s.read}, изменено цен ${s.prices}, остатков ${s.stocks}`
    : `${file}: прочитано товаров ${s.read}, создано ${s.created}, изменено ${s.updated}`;
}

function countsOf(s: ImportStats): Counts {
  return { kind: s.kind, sections: s.sections, created: s.created, updated: s.updated, deactivated: s.deactivated, prices: s.prices, stocks: s.stocks, pictures: 0, skipped: s.skipped };
}

async function currentJob(db: Db, sessionId: number, file: string) {
  const [row] = await db
    .select()
    .from(exchangeJobs)
    .where(and(eq(exchangeJobs.sessionId, sessionId), eq(exchangeJobs.file, file), eq(exchangeJobs.current, true)));
  return row;
}

/** `mode=init`: the session's earlier imports stay in the journal but a new exchange imports its files afresh. */
export async function closeSessionJobs(db: Db, sessionId: number): Promise<void> {
  await db.update(exchangeJobs).set({ current: false }).where(and(eq(exchangeJobs.sessionId, sessionId), eq(exchangeJobs.current, true)));
}

/** Zips waiting in the session folder (sent with zip=yes, not unpacked yet). */
function pendingZips(sessionId: number): string[] {
  const dir = sessionDir(sessionId);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.zip$/i.test(f))
    .map((f) => path.join(dir, f));
}

/** Whether `mode=import` of this file can start: it was sent, or a zip that may hold it is waiting. */
export function importable(sessionId: number, file: string): boolean {
  return fs.existsSync(sessionFile(sessionId, file)) || pendingZips(sessionId).length > 0;
}

const answerOf = (job: { status: string; stage: string; error: string | null }): StepAnswer =>
  job.status === 'done' ? { status: 'success', line: '' } : job.status === 'failed' ? { status: 'failure', line: job.error ?? 'загрузка не удалась' } : { status: 'progress', line: job.stage || 'загрузка идёт' };

/** One `mode=import` request: starts, takes over or waits for the file's job, for at most EXCHANGE_STEP_SECONDS. */
export async function importStep(sessionId: number, file: string, canStart: () => boolean = () => true): Promise<StepAnswer> {
  const handle = await getDbHandle();
  const db = handle.db;
  const key = `${sessionId}\n${file}`;
  const deadline = Date.now() + config().EXCHANGE_STEP_SECONDS * 1000;
  let mine = local.get(key);
  if (mine?.result) {
    // A finished job this process remembers may belong to an earlier exchange of the session (mode=init since,
    // possibly on another node): only the current row's result is an answer.
    const [row] = await db.select({ current: exchangeJobs.current }).from(exchangeJobs).where(eq(exchangeJobs.id, mine.jobId));
    if (!row?.current) {
      local.delete(key);
      mine = undefined;
    }
  }
  if (!mine) {
    let job = await currentJob(db, sessionId, file);
    if (!job) {
      if (!canStart()) return { status: 'failure', line: `${file}: файл не был передан (mode=file) в этой сессии` };
      const [row] = await db.insert(exchangeJobs).values({ sessionId, file, node: NODE_ID, stage: `${file}: загрузка начата` }).onConflictDoNothing().returning({ id: exchangeJobs.id });
      if (row) mine = start(handle, row.id, sessionId, file);
      else job = await currentJob(db, sessionId, file);
    }
    if (!mine && job) {
      if (job.status !== 'running') return answerOf(job);
      // PGlite has no other node: a running job not in this process's memory was left by a stopped process.
      const staleBefore = new Date(handle.kind === 'pglite' ? Date.now() + 1000 : Date.now() - config().EXCHANGE_STALE_SECONDS * 1000);
      if (job.heartbeatAt < staleBefore) {
        const [taken] = await db
          .update(exchangeJobs)
          .set({ node: NODE_ID, heartbeatAt: new Date(), attempts: sql`${exchangeJobs.attempts} + 1`, stage: `${file}: загрузка перезапущена (узел ${job.node} перестал отвечать)`, ...zero() })
          .where(and(eq(exchangeJobs.id, job.id), eq(exchangeJobs.status, 'running'), lt(exchangeJobs.heartbeatAt, staleBefore)))
          .returning({ id: exchangeJobs.id });
        if (taken) {
          console.warn(`1C exchange: job ${job.id} (${file}) taken over from ${job.node}`);
          mine = start(handle, taken.id, sessionId, file);
        }
      }
    }
  }
  if (mine) {
    const m = mine;
    await Promise.race([m.done, sleep(deadline - Date.now())]);
    if (m.result) return answerOf({ status: m.result.status, stage: m.stage, error: m.result.error });
    return { status: 'progress', line: m.stage };
  }
  // Another node runs it: its row tells how far it is.
  for (;;) {
    const job = await currentJob(db, sessionId, file);
    if (!job) return { status: 'failure', line: `${file}: загрузка не найдена, повторите обмен` };
    if (job.status !== 'running' || Date.now() >= deadline) return answerOf(job);
    await sleep(Math.min(500, deadline - Date.now()));
  }
}

function start(handle: DbHandle, jobId: number, sessionId: number, file: string): Local {
  const key = `${sessionId}\n${file}`;
  const state: Local = { jobId, stage: `${file}: загрузка начата`, counts: zero(), done: Promise.resolve(), stop: new AbortController() };
  local.set(key, state);
  stopJobsOnClose(handle);
  state.done = run(handle.kind, handle.db, state, sessionId, file).finally(() => {
    // The row now tells the result to every node; this process forgets the job a little later.
    setTimeout(() => local.get(key) === state && local.delete(key), 30_000).unref();
  });
  return state;
}

async function run(kind: 'pglite' | 'postgres', db: Db, state: Local, sessionId: number, file: string): Promise<void> {
  const owned = and(eq(exchangeJobs.id, state.jobId), eq(exchangeJobs.node, NODE_ID));
  const beatMs = Math.max(200, Math.min(5000, (config().EXCHANGE_STALE_SECONDS * 1000) / 4));
  // The heartbeat in flight, if any: the result is written only after it, or its older counts would land over the final ones.
  let beating: Promise<void> | null = null;
  const beat = () => {
    if (beating) return beating;
    beating = (async () => {
      try {
        await db
          .update(exchangeJobs)
          .set({ heartbeatAt: new Date(), stage: state.stage, ...state.counts })
          .where(owned);
      } catch (e) {
        console.warn('1C exchange: heartbeat not written:', (e as Error).message);
      } finally {
        beating = null;
      }
    })();
    return beating;
  };
  // Other nodes read the heartbeat (PostgreSQL), and the desk's journal shows its stage and counts on both databases:
  // on PGlite it is written between the import's short transactions.
  const timer = setInterval(() => void beat(), beatMs);
  let result: { status: 'done' | 'failed'; error: string | null } = { status: 'done', error: null };
  let stopped = false;
  let notes: string[] = [];
  try {
    for (const zip of pendingZips(sessionId)) {
      state.stage = `${path.basename(zip)}: распаковка архива`;
      state.counts.kind = 'zip';
      try {
        const names = await unzipSafely(zip, sessionDir(sessionId), { maxBytes: config().EXCHANGE_ZIP_MAX_MB * 1048576, maxRatio: config().EXCHANGE_ZIP_MAX_RATIO, maxEntries: config().EXCHANGE_ZIP_MAX_ENTRIES });
        notes.push(`${path.basename(zip)}: распаковано файлов ${names.length}`);
      } finally {
        // Unpacked or refused, the archive is not looked at again in this session.
        await fs.promises.rm(zip, { force: true });
      }
    }
    const full = sessionFile(sessionId, file);
    if (/\.zip$/i.test(file)) {
      state.counts.kind = 'zip';
    } else if (!fs.existsSync(full)) {
      throw new ImportFailure(`${file}: файл не был передан (mode=file) в этой сессии и его нет в архиве`);
    } else if (/\.xml$/i.test(file)) {
      const stats = await importCatalogFile(db, full, file, {
        commit: kind === 'pglite' ? 'batch' : 'file',
        signal: state.stop.signal,
        onProgress: (s) => {
          state.stage = describe(file, s);
          state.counts = countsOf(s);
        },
      });
      state.counts = countsOf(stats);
      notes.push(...stats.notes);
      console.log(`1C exchange: ${file} imported`, JSON.stringify({ ...state.counts, pictures: stats.pictures.length }));
      if (stats.pictures.length) {
        state.stage = `${file}: каталог загружен, картинки товаров: 0 из ${stats.pictures.length}`;
        const pics = await applyPictures(db, sessionDir(sessionId), stats.pictures, (n) => {
          state.stage = `${file}: каталог загружен, картинки товаров: ${n} из ${stats.pictures.length}`;
        });
        state.counts.pictures = pics.pictures;
        state.counts.skipped += pics.skipped;
        notes.push(...pics.notes);
      }
    }
    // Other files (pictures sent one by one): kept in the session folder for import.xml.
  } catch (e) {
    if (e instanceof ImportStopped) {
      stopped = true;
    } else if (e instanceof ImportFailure || e instanceof ZipRefused) {
      console.warn(`1C exchange: ${e.message}`);
      result = { status: 'failed', error: e.message };
    } else {
      console.error('1C exchange: import failed', e);
      // A refusal is found by the check before anything is written; an error of the database itself on PGlite may come
      // after some batches were committed, and 1C's next exchange sends the file again.
      const told = kind === 'pglite' ? 'часть файла могла быть загружена, повторите обмен' : 'каталог не изменён';
      result = { status: 'failed', error: `${file}: внутренняя ошибка при загрузке, ${told}` };
    }
  } finally {
    clearInterval(timer);
  }
  await beating;
  if (stopped) {
    // Still running as far as 1C knows: its next request (answered `progress` meanwhile) restarts the file on a live node.
    state.stage = `${file}: узел ${NODE_ID} остановлен, загрузка начнётся заново при следующем запросе`;
    console.warn(`1C exchange: job ${state.jobId} (${file}) stopped by shutdown and let go`);
    try {
      await db
        .update(exchangeJobs)
        .set({ heartbeatAt: new Date(0), stage: state.stage, ...zero() })
        .where(owned);
    } catch (e) {
      console.error('1C exchange: job not let go (it is taken over once its heartbeat is stale)', e);
    }
    return;
  }
  state.stage = result.status === 'done' ? `${file}: загружен` : (result.error ?? '');
  try {
    await db
      .update(exchangeJobs)
      .set({ status: result.status, error: result.error, notes: notes.slice(0, 40).join('\n'), finishedAt: new Date(), heartbeatAt: new Date(), stage: state.stage, ...state.counts })
      .where(owned);
  } catch (e) {
    console.error('1C exchange: job result not written', e);
  }
  state.result = result;
}
