/** 1C's "Обмен с сайтом" (CommerceML 2): src/server/exchange/endpoint.ts. */
import type { APIRoute } from 'astro';
import { handleExchange } from '../server/exchange/endpoint';
import { requestIp } from '../server/http/rate-limit';

export const prerender = false;
export const ALL: APIRoute = (ctx) => handleExchange(ctx.request, requestIp(ctx));
