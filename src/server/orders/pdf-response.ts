import { CpuGate } from '../http/cpu-gate';
import { ERR, HttpError } from '../http/api';
import { t } from '../../i18n';
import { requestIp } from '../http/rate-limit';

/**
 * PDF documents drawn on request (receipt, invoice: tens of milliseconds of CPU each, more with many
 * lines) go through one bound per node (issue 28): two at a time, 20 waiting; once both are drawing,
 * a client with a document already in hand waits for it instead of queueing more.
 */
const drawing = new CpuGate({ concurrent: 2, queue: 20 });

/** `draw()` in turn for `client` (`u:<user id>` or the address); a refusal is a Russian 429/503. */
export async function drawPdf(client: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const r = await drawing.run(client, draw);
  if (r.ok) return r.value;
  if (r.reason === 'yours') throw new HttpError(429, [{ code: ERR.TOO_MANY, message: t('PDF_ERR_ONE_AT_A_TIME') }]);
  throw new HttpError(503, [{ code: ERR.BUSY, message: t('PDF_ERR_BUSY') }]);
}

/** Who asks for a document: the signed-in user, else the address (a guest's own order confirmation). */
export function pdfClient(viewer: { id: string } | null, ctx: { request: Request; clientAddress?: string }): string {
  return viewer ? `u:${viewer.id}` : `a:${requestIp(ctx)}`;
}

/** A PDF document as a private download (invoice, receipt). */
export function pdfResponse(pdf: Buffer, ascii: string, name: string, inline = false): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${encodeURIComponent(ascii)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'private, no-store',
    },
  });
}
