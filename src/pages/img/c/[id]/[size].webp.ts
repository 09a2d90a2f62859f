import type { APIRoute } from 'astro';
import { getDb } from '../../../../server/db/client';
import { contentImageResponse } from '../../../../server/content/images';
import { requestIp } from '../../../../server/http/rate-limit';

/** GET /img/c/{id}/{width}.webp: a picture of an editor's entry (content/images.ts). */
export const GET: APIRoute = async (ctx) => contentImageResponse(await getDb(), ctx.request, requestIp(ctx), ctx.params.id, ctx.params.size);
