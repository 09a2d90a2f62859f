import type { APIRoute } from 'astro';
import { productImageResponse } from '../../../../server/images/route';
import { requestIp } from '../../../../server/http/rate-limit';

export const GET: APIRoute = (ctx) => productImageResponse(ctx.request, requestIp(ctx), ctx.params.id, ctx.params.size, 'avif');
