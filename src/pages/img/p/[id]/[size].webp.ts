import type { APIRoute } from 'astro';
import { productImageResponse } from '../../../../server/images/route';

export const GET: APIRoute = ({ params }) => productImageResponse(params.id, params.size, 'webp');
