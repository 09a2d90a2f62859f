import { z } from 'astro/zod';

export const depthSchema = z.coerce.number().int().min(1).max(3).default(3);
export const menuTypeSchema = z.enum(['catalog', 'top', 'footer_buyers', 'footer_company', 'personal']);
