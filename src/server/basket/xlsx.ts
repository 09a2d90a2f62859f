/**
 * Reading an uploaded XLSX (quick order, export article lists) without letting it hurt the store
 * (issue 18). A zip can lie: the sizes in its directory and local headers are the sender's word, so
 *
 * - the bytes actually inflated are counted as they come out (fflate's streaming Unzip, fed in
 *   small slices) and inflating stops at a hard cap — a 100 KB file holding 300 MB is refused
 *   after about 12 MB of work;
 * - all of it — inflating, XML parsing — runs in a worker thread with its own memory ceiling and a
 *   time limit, never on the event loop that serves the other visitors; at most two run at once.
 *
 * The worker re-packs the XML parts it inflated (stored, no compression: sizes now true) and hands
 * them to read-excel-file, whose own unzip therefore never sees the sender's archive.
 */
import { Worker } from 'node:worker_threads';
import { CpuGate } from '../http/cpu-gate';

export const XLSX_LIMITS = {
  /** Bytes inflated from all entries together; a 1,000-row order list is a few hundred KB. */
  inflatedBytes: 12 * 1024 * 1024,
  entries: 200,
  timeoutMs: 15_000,
  heapMb: 128,
  concurrent: 2,
  /** Uploads waiting for a worker beyond this are refused (busy) rather than queued for minutes. */
  queue: 16,
} as const;

export type XlsxResult = { ok: true; sheets: { data: unknown[][] }[] } | { ok: false; reason: 'bomb' | 'broken' | 'busy' | 'timeout' | 'yours' };

/**
 * Files being read or waiting (issue 28 #4): once both readers are busy, a client that already has a
 * file in hand is refused («yours»: 429, wait for the first) instead of queueing more (http/cpu-gate.ts).
 */
const readers = new CpuGate({ concurrent: XLSX_LIMITS.concurrent, queue: XLSX_LIMITS.queue });

// CommonJS, evaluated by the worker; the libraries are loaded by the file URLs resolved here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { bytes, limits, fflateUrl, readerUrl } = workerData;
(async () => {
  const { Unzip, UnzipInflate, zipSync } = await import(fflateUrl);
  const files = {};
  let total = 0, entries = 0, failed = null;
  const unzip = new Unzip((file) => {
    if (failed) return;
    if (++entries > limits.entries) { failed = 'bomb'; return; }
    if (!/\\.(xml|rels)$/i.test(file.name)) return;
    const chunks = [];
    file.ondata = (err, data, final) => {
      if (failed) return;
      if (err) { failed = 'broken'; return; }
      total += data.length;
      if (total > limits.inflatedBytes) { failed = 'bomb'; try { file.terminate(); } catch {} return; }
      chunks.push(data);
      if (final) {
        const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of chunks) { out.set(c, at); at += c.length; }
        files[file.name] = out;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const SLICE = 4096;
  for (let i = 0; i < bytes.length && !failed; i += SLICE) unzip.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
  if (failed) return parentPort.postMessage({ ok: false, reason: failed });
  if (!Object.keys(files).length) return parentPort.postMessage({ ok: false, reason: 'broken' });
  const packed = zipSync(files, { level: 0 });
  const { default: readXlsxFile } = await import(readerUrl);
  const sheets = await readXlsxFile(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength));
  parentPort.postMessage({ ok: true, sheets: sheets.map((s) => ({ data: s.data })) });
})().catch((e) => parentPort.postMessage({ ok: false, reason: e && /bomb/.test(String(e.message)) ? 'bomb' : 'broken' }));
`;

/** Sheets of an XLSX, read in a worker under the limits above; `client` (its address) gets one file at a time once both readers are busy. */
export async function readXlsxSheets(bytes: Uint8Array, client?: string): Promise<XlsxResult> {
  const r = await readers.run(client, () => readInWorker(bytes));
  return r.ok ? r.value : { ok: false, reason: r.reason };
}

function readInWorker(bytes: Uint8Array): Promise<XlsxResult> {
  return new Promise<XlsxResult>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes, limits: XLSX_LIMITS, fflateUrl: import.meta.resolve('fflate'), readerUrl: import.meta.resolve('read-excel-file/universal') },
      resourceLimits: { maxOldGenerationSizeMb: XLSX_LIMITS.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const done = (r: XlsxResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(r);
    };
    const timer = setTimeout(() => done({ ok: false, reason: 'timeout' }), XLSX_LIMITS.timeoutMs);
    worker.once('message', (m: XlsxResult) => done(m));
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the file was too much or broken.
    worker.once('error', (e: NodeJS.ErrnoException) => done({ ok: false, reason: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'bomb' : 'broken' }));
    worker.once('exit', () => done({ ok: false, reason: 'broken' }));
  });
}
