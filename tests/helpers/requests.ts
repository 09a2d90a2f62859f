/** Helpers of the requests, notifications and desk tests: signed-in visitors, multipart posts, test files, the outbox. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { inject } from 'vitest';
import { base, Visitor, type Envelope } from './http';
import { PASSWORD } from './fixtures';

/** Signs `email` in with the fixture sets' password (tests/helpers/fixtures.ts). */
export async function signedIn(email: string): Promise<Visitor> {
  const v = new Visitor();
  const { body } = await v.post('/api/authentication/', { login: email, password: PASSWORD, remember: 'Y' });
  if (body.status !== 'success') throw new Error(`login ${email} failed: ${JSON.stringify(body.errors)}`);
  return v;
}

export type Upload = { name: string; type: string; bytes: Uint8Array };

/** A multipart post as a browser sends it (`html`: a plain form without JavaScript, answered with a redirect). */
export async function postForm<T = any>(v: Visitor, url: string, fields: Record<string, string | number>, files: Upload[] = [], html = false): Promise<{ res: Response; body: Envelope<T> | null }> {
  const form = new FormData();
  for (const [k, val] of Object.entries(fields)) form.append(k, String(val));
  for (const f of files) form.append('files', new Blob([f.bytes as BlobPart], { type: f.type }), f.name);
  const res = await v.raw(url, { method: 'POST', headers: { origin: base(), ...(html ? { accept: 'text/html' } : {}) }, body: form });
  const text = await res.text();
  return { res, body: text.startsWith('{') ? (JSON.parse(text) as Envelope<T>) : null };
}

export async function jpeg(width = 640, height = 480): Promise<Upload> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 190, g: 70, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'GPS-Leaker' } })
    .toBuffer();
  return { name: 'фото шильдика.jpg', type: 'image/jpeg', bytes };
}

export const pdf = (name = 'акт.pdf'): Upload => ({
  name,
  type: 'application/pdf',
  bytes: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
});

/**
 * The shared server's outbox, oldest first (names start with the time). Other test files write to it
 * at the same time: a file still being written is left out (a test first waits with `messagesSent`, helpers/http.ts).
 */
export function outboxFiles(): { name: string; json: any }[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((name) => {
      try {
        return [{ name, json: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) }];
      } catch {
        return []; // still being written
      }
    });
}
