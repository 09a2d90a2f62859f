/**
 * Attachments of request messages: photos (JPG, PNG, WebP) and PDF. The type is decided by the
 * file's content (magic bytes, `file-type`), never by its name or the browser's claim; photos are
 * decoded and re-encoded by sharp (which also drops EXIF, GPS included, and turns them upright), so
 * a file that only starts like a JPEG is refused. Files live under DATA_DIR/appeal-files/ with a
 * random name — outside the web root — and are served only through the guarded route.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ERR, HttpError, readRaw } from '../http/api';
import { cleanInput, readCapped } from '../http/body';
import { t } from '../../i18n';
import { config } from '../config';

export const ATTACHMENT_LIMITS = {
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  /** Longest side of a stored photo. */
  maxPhotoSide: 2560,
  /**
   * Pixels a photo may have before decoding (a phone's 50-Mp camera fits; a 59-Mp PNG of a few KB
   * decodes into ~240 MB and seconds of work: issue 28 #9).
   */
  maxPhotoPixels: 52_000_000,
} as const;
/** A whole post: every file at its limit plus the text fields. */
const MAX_POST_BYTES = ATTACHMENT_LIMITS.maxFiles * ATTACHMENT_LIMITS.maxFileBytes + 1024 * 1024;

const ALLOWED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

export type StoredFile = { storageKey: string; name: string; mime: string; size: number };

export const filesRoot = () => path.resolve(config().DATA_DIR, 'appeal-files');

const fileError = (status: number, message: string) => new HttpError(status, [{ code: status === 413 ? ERR.TOO_LARGE : ERR.VALIDATION, field: 'files', message }]);
const fill = (code: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), t(code));

/**
 * The input of a post that may carry files: multipart (forms with files), or JSON / urlencoded
 * (no files). Text fields come back in `raw`; the non-empty files of the `files` field in `files`.
 */
export async function readPostWithFiles(ctx: Pick<APIContext, 'request' | 'url'>): Promise<{ raw: Record<string, unknown>; files: File[] }> {
  const type = ctx.request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data')) return { raw: await readRaw(ctx.request, ctx.url), files: [] };
  const body = await readCapped(ctx.request, MAX_POST_BYTES, () => fileError(413, fill('REQ_ERR_POST_TOO_BIG', { mb: Math.round(MAX_POST_BYTES / 1048576) })));
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, [{ code: ERR.VALIDATION, message: t('REQ_ERR_BAD_FORM') }]);
  }
  const raw: Record<string, unknown> = Object.fromEntries(ctx.url.searchParams);
  const files: File[] = [];
  for (const [k, v] of form) {
    if (typeof v === 'string') raw[k] = v;
    else if (k === 'files' && (v.size > 0 || v.name)) files.push(v);
  }
  delete raw.token;
  return { raw: cleanInput(raw), files };
}

/** A name safe to show and to offer for download: no path, no control characters, the real extension. */
export function cleanFileName(name: string, ext: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 100) || 'file';
  return `${stem}.${ext}`;
}

/** Checks and prepares the files of one message (nothing is written yet). */
export async function prepareFiles(files: File[]): Promise<{ bytes: Uint8Array; name: string; mime: string; ext: string }[]> {
  if (files.length > ATTACHMENT_LIMITS.maxFiles) throw fileError(422, fill('REQ_ERR_TOO_MANY_FILES', { n: ATTACHMENT_LIMITS.maxFiles }));
  const out = [];
  for (const file of files) {
    const shown = file.name.slice(0, 100) || 'файл';
    if (file.size === 0) throw fileError(422, fill('REQ_ERR_FILE_EMPTY', { name: shown }));
    if (file.size > ATTACHMENT_LIMITS.maxFileBytes) throw fileError(413, fill('REQ_ERR_FILE_TOO_BIG', { name: shown, mb: ATTACHMENT_LIMITS.maxFileBytes / 1048576 }));
    const input = new Uint8Array(await file.arrayBuffer());
    const detected = await fileTypeFromBuffer(input);
    const ext = detected && ALLOWED[detected.mime];
    if (!detected || !ext) throw fileError(415, fill('REQ_ERR_FILE_TYPE', { name: shown }));
    let bytes = input;
    if (detected.mime.startsWith('image/')) {
      // The header says how big it is before anything is decoded.
      const meta = await sharp(input, { limitInputPixels: false })
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw fileError(422, fill('REQ_ERR_FILE_BROKEN', { name: shown }));
      if (meta.width * meta.height > ATTACHMENT_LIMITS.maxPhotoPixels)
        throw fileError(413, fill('REQ_ERR_FILE_PIXELS', { name: shown, mp: Math.round((meta.width * meta.height) / 1_000_000), max: ATTACHMENT_LIMITS.maxPhotoPixels / 1_000_000 }));
      try {
        const side = ATTACHMENT_LIMITS.maxPhotoSide;
        const img = sharp(input, { limitInputPixels: ATTACHMENT_LIMITS.maxPhotoPixels, failOn: 'error' })
          .rotate()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
        const encoded = detected.mime === 'image/png' ? img.png() : detected.mime === 'image/webp' ? img.webp({ quality: 85 }) : img.jpeg({ quality: 85, mozjpeg: true });
        bytes = new Uint8Array(await encoded.toBuffer());
      } catch {
        throw fileError(422, fill('REQ_ERR_FILE_BROKEN', { name: shown }));
      }
    }
    out.push({ bytes, name: cleanFileName(file.name, ext), mime: detected.mime, ext });
  }
  return out;
}

/** Writes prepared files; returns what to store in appeal_attachments and an undo for a failed transaction. */
export async function storeFiles(prepared: Awaited<ReturnType<typeof prepareFiles>>): Promise<{ stored: StoredFile[]; undo: () => Promise<void> }> {
  const month = new Date().toISOString().slice(0, 7);
  const dir = path.join(filesRoot(), month);
  if (prepared.length) await fs.mkdir(dir, { recursive: true });
  const stored: StoredFile[] = [];
  for (const p of prepared) {
    const storageKey = `${month}/${randomUUID()}.${p.ext}`;
    await fs.writeFile(path.join(filesRoot(), storageKey), p.bytes, { mode: 0o600 });
    stored.push({ storageKey, name: p.name, mime: p.mime, size: p.bytes.byteLength });
  }
  return { stored, undo: async () => void (await Promise.all(stored.map((s) => fs.rm(path.join(filesRoot(), s.storageKey), { force: true })))) };
}

/** The bytes of a stored file (the key comes from the database; it is still kept inside the root). */
export async function readStoredFile(storageKey: string): Promise<Buffer | null> {
  const root = filesRoot();
  const full = path.resolve(root, storageKey);
  if (!full.startsWith(root + path.sep)) return null;
  return fs.readFile(full).catch(() => null);
}

/** The HTTP answer for a file: photos inline, PDF as a download; never sniffed, never cached by others. */
export function fileResponse(bytes: Buffer, file: { name: string; mime: string }): Response {
  const disposition = file.mime === 'application/pdf' ? 'attachment' : 'inline';
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      'content-type': file.mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
