/**
 * The files 1C uploads in an exchange session: DATA_DIR/exchange/<session id>/<name>, appended chunk by
 * chunk (`mode=file`). A name cannot leave its folder: no `..`, no absolute path, no backslash, no drive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';

export function sessionDir(sessionId: number): string {
  return path.resolve(config().DATA_DIR, 'exchange', String(sessionId));
}

/** Why a file name is refused (Russian), or null when it is fine. */
export function badFileName(name: string): string | null {
  if (!name) return 'не указано имя файла (filename)';
  if (name.length > 255) return 'слишком длинное имя файла';
  if (name.includes('\\')) return 'обратная косая черта в имени файла недопустима';
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return 'абсолютный путь в имени файла недопустим';
  if (/[\0-\x1f:*?"<>|]/.test(name)) return 'недопустимые символы в имени файла';
  if (name.split('/').some((s) => s === '..' || s === '.' || s === '')) return 'имя файла не может выходить за пределы папки обмена («..»)';
  return null;
}

/** The file's path inside the session folder (the name already checked by badFileName). */
export function sessionFile(sessionId: number, name: string): string {
  const dir = sessionDir(sessionId);
  const full = path.resolve(dir, name);
  if (!full.startsWith(dir + path.sep)) throw new Error('exchange file outside its folder');
  return full;
}

/** `mode=init`: a fresh, empty folder for the session's files. */
export async function resetSessionDir(sessionId: number): Promise<void> {
  const dir = sessionDir(sessionId);
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.mkdir(dir, { recursive: true });
}

export class TooLarge extends Error {}

/**
 * Appends a request body to the file, refusing (TooLarge, and the file removed) once the file would
 * exceed `maxBytes`. The body is streamed: nothing of it is held in memory beyond one chunk.
 */
export async function appendBody(file: string, body: ReadableStream<Uint8Array> | null, maxBytes: number, declaredLength?: number): Promise<number> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  let size = (await fs.promises.stat(file).catch(() => null))?.size ?? 0;
  // A declared length past the limit is refused before a byte is read (the server drains the rest briefly).
  if (declaredLength !== undefined && size + declaredLength > maxBytes) {
    await fs.promises.rm(file, { force: true });
    throw new TooLarge();
  }
  if (!body) return 0;
  const fh = await fs.promises.open(file, 'a');
  let written = 0;
  try {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Not cancelled: the unread rest is drained by the server after the answer (server/http/early.ts).
      if (size > maxBytes) throw new TooLarge();
      await fh.write(value);
      written += value.byteLength;
    }
  } catch (e) {
    await fh.close();
    if (e instanceof TooLarge) await fs.promises.rm(file, { force: true });
    throw e;
  }
  await fh.close();
  return written;
}
