/**
 * Unpacks the one zip 1C sends when `init` answers `zip=yes` (docs/decisions/0200-exchange-1c.md, «zip»),
 * into the session's folder, refusing anything that could hurt the server:
 * - zip bombs: the entry count, the total unpacked size and the unpacked/packed ratio (of each large entry
 *   and of the whole) are checked from the central directory before a byte is written, and yauzl checks
 *   while inflating that no entry unpacks to more than it declared (`validateEntrySizes`);
 * - names leaving the folder (`../`, absolute paths, drives, backslashes) and symlinks: refused, the whole
 *   archive with them (a half-unpacked exchange is worse than none).
 * yauzl (streaming, random access from the file: the archive is never held in memory) rather than fflate,
 * whose unzip needs the whole archive as one buffer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { badFileName } from './files';

export class ZipRefused extends Error {}

export type ZipLimits = { maxBytes: number; maxRatio: number; maxEntries: number };

type Entry = yauzl.Entry;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: true }, (err, zip) => (err ? reject(err) : resolve(zip!))),
  );
}

/** Every entry of the central directory, without reading any content. */
function listEntries(zip: yauzl.ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const all: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      all.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(all));
    zip.on('error', reject);
    zip.readEntry();
  });
}

const isSymlink = (e: Entry) => ((e.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** yauzl's own refusals (raised before an entry is handed over), in Russian. */
function russian(e: unknown, zipName: string): ZipRefused {
  const msg = e instanceof Error ? e.message : String(e);
  if (/relative path|absolute path|invalid characters|backslash/i.test(msg)) return new ZipRefused(`${zipName}: имя файла в архиве выходит за пределы папки обмена (${msg})`);
  if (/too many|uncompressed size|compressed size|overflow/i.test(msg)) return new ZipRefused(`${zipName}: архив отклонён — размер распакованных данных не совпадает с заявленным (${msg})`);
  return new ZipRefused(`${zipName}: архив повреждён или это не zip (${msg})`);
}

/** Checks and unpacks `zipFile` into `destDir`; returns the unpacked names. Throws ZipRefused (Russian). */
export async function unzipSafely(zipFile: string, destDir: string, limits: ZipLimits): Promise<string[]> {
  const zipName = path.basename(zipFile);
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipFile);
  } catch (e) {
    throw russian(e, zipName);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefused(`${zipName}: в архиве ${zip.entryCount} файлов, допускается не более ${limits.maxEntries}`);
    let entries: Entry[];
    try {
      entries = await listEntries(zip);
    } catch (e) {
      throw russian(e, zipName);
    }
    let total = 0;
    let packed = 0;
    for (const e of entries) {
      const name = e.fileName;
      const bad = badFileName(name.replace(/\/$/, ''));
      if (bad) throw new ZipRefused(`${zipName}, файл «${name}»: ${bad}`);
      if (isSymlink(e)) throw new ZipRefused(`${zipName}, файл «${name}»: символические ссылки в архиве не допускаются`);
      total += e.uncompressedSize;
      packed += e.compressedSize;
      // A small file may compress very well (a run of spaces); a large one with a bomb's ratio is refused.
      if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize))
        throw new ZipRefused(`${zipName}, файл «${name}»: степень сжатия ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}:1 — похоже на zip-бомбу, архив отклонён`);
    }
    if (total > limits.maxBytes) throw new ZipRefused(`${zipName}: распакованный архив занял бы ${Math.round(total / 1048576)} МБ, допускается не более ${Math.round(limits.maxBytes / 1048576)} МБ`);
    if (total > 1024 * 1024 && total > limits.maxRatio * Math.max(1, packed)) throw new ZipRefused(`${zipName}: степень сжатия архива ${Math.round(total / Math.max(1, packed))}:1 — похоже на zip-бомбу, архив отклонён`);

    const root = path.resolve(destDir);
    const written: string[] = [];
    for (const e of entries) {
      if (e.fileName.endsWith('/')) continue;
      const target = path.resolve(root, e.fileName);
      if (!target.startsWith(root + path.sep)) throw new ZipRefused(`${zipName}, файл «${e.fileName}»: выходит за пределы папки обмена`);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(e, (err, s) => (err ? reject(err) : resolve(s!))));
      try {
        await pipeline(stream, fs.createWriteStream(target));
      } catch (err) {
        await fs.promises.rm(target, { force: true });
        throw russian(err, zipName);
      }
      written.push(e.fileName);
    }
    return written;
  } finally {
    zip.close();
  }
}
