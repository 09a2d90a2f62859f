import { getDb } from '../db/client';
import { imageSource } from './lookup';
import { IMAGE_WIDTHS, renderProductImage, variantKey, type ImageFormat } from './product-image';
import { encodeInTurn } from './encode-gate';

const SIZE = /^(\d)-(\d{2,4})$/;

/**
 * A product's picture can change at the same address (a photo imported over a drawing, a new
 * drawing revision), so browsers keep it for a day and then revalidate with the ETag, which
 * names exactly what the picture is made from (a 304 costs no encoding).
 */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** Serves /img/p/{productId}/{index}-{width}.{avif|webp}; anything off the fixed grid is a 404. */
export async function productImageResponse(request: Request, ip: string, idParam: string | undefined, sizeParam: string | undefined, format: ImageFormat): Promise<Response> {
  const id = Number(idParam);
  const m = SIZE.exec(sizeParam ?? '');
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !m) return new Response('Не найдено', { status: 404 });
  const index = Number(m[1]);
  const width = Number(m[2]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return new Response('Недопустимая ширина', { status: 404 });
  const source = await imageSource(await getDb(), id, index);
  if (!source) return new Response('Не найдено', { status: 404 });
  const etag = `"${variantKey(source, width, format).replace(/\.\w+$/, '')}"`;
  const headers = { 'cache-control': CACHE_CONTROL, etag };
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((v) => v.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  const body = await renderProductImage(source, width, format, (encode) => encodeInTurn(ip, encode));
  if (body instanceof Response) return body;
  return new Response(new Uint8Array(body), { headers: { ...headers, 'content-type': `image/${format}`, 'content-length': String(body.length) } });
}
