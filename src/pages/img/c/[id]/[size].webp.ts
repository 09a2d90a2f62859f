import type { APIRoute } from 'astro';
import { getDb } from '../../../../server/db/client';
import { contentImageResponse } from '../../../../server/content/images';

/** GET /img/c/{id}/{width}.webp: a picture of an editor's entry (content/images.ts). */
export const GET: APIRoute = async ({ params, request, clientAddress }) => contentImageResponse(await getDb(), request, clientAddress, params.id, params.size);
