import type { APIRoute } from 'astro';
import { endpoint } from '../../server/http/api';
import { feedResponse } from '../../server/exports/feed';

/** GET /feed/{id}.xlsx — a XLSX export list, by API token or session (server/exports/feed.ts). */
export const GET: APIRoute = endpoint((ctx) => feedResponse(ctx, 'xlsx'));
