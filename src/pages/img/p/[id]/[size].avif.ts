import type { APIRoute } from 'astro';
import { productImageResponse } from '../../../../server/images/route';

export const GET: APIRoute = ({ params, request }) => productImageResponse(request, params.id, params.size, 'avif');
