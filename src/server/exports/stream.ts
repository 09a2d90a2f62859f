/**
 * A Node stream as a Response body that moves only as fast as the client reads. Astro writes a
 * streamed body to the socket without waiting for 'drain', so a slow client would let the whole feed
 * pile up in the socket's buffer; scripts/server.mjs therefore hands each request's ServerResponse
 * through an AsyncLocalStorage, and the body waits here while that socket's buffer is full.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** More than this waiting in the socket's buffer: wait for it to drain before reading on. */
const SOCKET_HIGH_WATER = 512 * 1024;

type ResponseStore = { getStore(): ServerResponse | undefined };

/** The ServerResponse of the request being handled, when the server entry provides it (not in `astro dev`). */
export function currentNodeResponse(): ServerResponse | undefined {
  return (globalThis as { __storeNodeResponse?: ResponseStore }).__storeNodeResponse?.getStore();
}

function socketRoom(res: ServerResponse): Promise<void> | void {
  if (res.destroyed || res.writableLength <= SOCKET_HIGH_WATER) return;
  return new Promise((resolve) => {
    // The compression middleware replaces res.on('drain'); the emitter's own method reaches the socket's event.
    const done = () => {
      res.removeListener('drain', done);
      res.removeListener('close', done);
      resolve();
    };
    EventEmitter.prototype.on.call(res, 'drain', done);
    EventEmitter.prototype.on.call(res, 'close', done);
  });
}

/**
 * `source` as a web ReadableStream read on demand (high-water mark 0). `onEnd(true)` when it was
 * read to the end, `onEnd(false)` when the client cancelled or it failed.
 */
export function pacedBody(source: Readable, res: ServerResponse | undefined, onEnd: (completed: boolean) => Promise<void> | void): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  let ended = false;
  const finish = (completed: boolean) => {
    if (ended) return;
    ended = true;
    Promise.resolve(onEnd(completed)).catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (res) await socketRoom(res);
          const { value, done } = await it.next();
          if (done) {
            controller.close();
            finish(true);
          } else controller.enqueue(value instanceof Uint8Array ? value : Buffer.from(value));
        } catch (e) {
          finish(false);
          controller.error(e);
        }
      },
      async cancel() {
        finish(false);
        await it.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
