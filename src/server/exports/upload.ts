/**
 * The body of api/profile/export/step/: JSON or a form, or — for step 1's list of articles — a
 * multipart upload of an XLSX or CSV file. The file is read by the basket's order-list reader (size
 * cap, zip-bomb check, «Артикул» column detection), so both uploads refuse the same hostile files.
 */
import type { APIContext } from 'astro';
import { readRaw } from '../http/api';
import { parseOrderFile, uploadedFile } from '../basket/file';
import { requestIp } from '../http/rate-limit';
import { parseWith, stepHead } from './input';

export type StepRequest = {
  head: { id?: number; step: number; draft: boolean };
  raw: Record<string, unknown>;
  uploaded?: { articles: number };
};

export async function readStepRequest(ctx: Pick<APIContext, 'request' | 'url' | 'clientAddress'>): Promise<StepRequest> {
  const type = ctx.request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    // The other fields travel in the query string: the body is the file alone.
    const raw: Record<string, unknown> = Object.fromEntries(ctx.url.searchParams);
    delete raw.token;
    const head = parseWith(stepHead, { ...raw, step: 1 });
    const file = await uploadedFile(ctx.request);
    const lines = await parseOrderFile(file.name, file.bytes, requestIp(ctx));
    const articles = lines.map((l) => l.article).filter(Boolean);
    return { head, raw: { ...raw, source: 'articles', articles }, uploaded: { articles: articles.length } };
  }
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  return { head: parseWith(stepHead, raw), raw };
}
