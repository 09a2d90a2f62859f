import type { APIRoute } from 'astro';
import { productImageResponse } from '../../../../server/images/route';

export const GET: APIRoute = ({ params, request, clientAddress }) => productImageResponse(request, clientAddress, params.id, params.size, 'avif');
