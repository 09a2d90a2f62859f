import { getDb } from '../db/client';
import { imageFacts } from './lookup';
import { IMAGE_WIDTHS, renderProductImage, type ImageFormat } from './product-image';

const SIZE = /^(\d)-(\d{2,4})$/;

/** Serves /img/p/{productId}/{index}-{width}.{avif|webp}; anything off the fixed grid is a 404. */
export async function productImageResponse(idParam: string | undefined, sizeParam: string | undefined, format: ImageFormat): Promise<Response> {
  const id = Number(idParam);
  const m = SIZE.exec(sizeParam ?? '');
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !m) return new Response('Не найдено', { status: 404 });
  const index = Number(m[1]);
  const width = Number(m[2]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return new Response('Недопустимая ширина', { status: 404 });
  const facts = await imageFacts(await getDb(), id);
  if (!facts || index >= facts.count) return new Response('Не найдено', { status: 404 });
  const body = await renderProductImage(id, { seed: id, index, color: facts.color, icon: facts.icon }, width, format);
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': `image/${format}`, 'cache-control': 'public, max-age=31536000, immutable', 'content-length': String(body.length) },
  });
}
