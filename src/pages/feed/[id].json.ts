import type { APIRoute } from 'astro';
import { endpoint } from '../../server/http/api';
import { feedResponse } from '../../server/exports/feed';

/** GET /feed/{id}.json — a JSON export list, by API token or session (server/exports/feed.ts). */
export const GET: APIRoute = endpoint((ctx) => feedResponse(ctx, 'json'));
