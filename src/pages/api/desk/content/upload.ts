import { ERR, HttpError, ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { readCapped } from '../../../../server/http/body';
import { getDb } from '../../../../server/db/client';
import { ImageRefused, MAX_CONTENT_IMAGE_BYTES, storeContentImage } from '../../../../server/content/images';
import { t } from '../../../../i18n';

const refuse = (status: number, field: string, message: string) => new HttpError(status, [{ code: status === 413 ? ERR.TOO_LARGE : ERR.VALIDATION, field, message }]);

/**
 * POST /api/desk/content/upload/ multipart {file, alt} (editors) → {id, src, width, height, alt}. The file
 * is counted while it streams and refused past 15 MB before anything decodes it; then content/images.ts
 * refuses what is not a picture or decodes into more than 40 megapixels.
 */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => {
  const type = ctx.request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data')) throw refuse(415, 'file', 'Картинка: отправьте файл формой (multipart/form-data)');
  const body = await readCapped(ctx.request, MAX_CONTENT_IMAGE_BYTES + 64 * 1024, () => refuse(413, 'file', `Картинка: файл больше ${MAX_CONTENT_IMAGE_BYTES / 1024 / 1024} МБ — уменьшите его перед загрузкой`));
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw refuse(400, 'file', t('REQ_ERR_BAD_FORM'));
  }
  const file = form.get('file');
  const alt = String(form.get('alt') ?? '').replace(/\0/g, '').trim();
  if (!(file instanceof File) || file.size === 0) throw refuse(422, 'file', 'Картинка: выберите файл');
  if (!alt) throw refuse(422, 'alt', `Описание картинки: ${t('DCONT_ERR_ALT')}`);
  if (alt.length > 300) throw refuse(422, 'alt', 'Описание картинки: не длиннее 300 символов');
  try {
    const img = await storeContentImage(await getDb(), Buffer.from(await file.arrayBuffer()), alt, staff.id);
    return ok({ ...img, alt, src: `/img/c/${img.id}/640.webp` });
  } catch (e) {
    if (e instanceof ImageRefused) throw refuse(e.status, 'file', `Картинка: ${e.message}`);
    throw e;
  }
});
