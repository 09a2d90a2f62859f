/**
 * Editorial content that editors publish without touching code (see docs/CONTENT.md): promotions,
 * media materials and info pages are Markdown files with front matter, validated by these schemas
 * at build time — a typo in a date or a colour fails `npm run build` with the file and field named,
 * instead of breaking a page in production.
 *
 * Products taking part in a promotion (or shown beside a media item) are referenced by catalogue
 * section code and/or article; they are resolved against the database at request time, so price
 * and stock are always current.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const productRefs = z
  .object({
    /** Leaf section codes, e.g. krugi-otreznye: every active product of the section takes part. */
    sections: z.array(z.string().regex(/^[a-z0-9-]+$/)).default([]),
    /** Articles of single products. */
    articles: z.array(z.string().min(1)).default([]),
    /** At most this many products are shown (most popular first). */
    limit: z.number().int().min(1).max(200).default(24),
  })
  .default({ sections: [], articles: [], limit: 24 });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'цвет в формате #RRGGBB');

const promotions = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/promotions' }),
  schema: ({ image }) =>
    z
      .object({
        title: z.string().min(3).max(120),
        /** One sentence for cards and the home page. */
        preview: z.string().min(3).max(200),
        /** Meta description; the preview is used when empty. */
        description: z.string().max(300).optional(),
        color: hexColor.default('#d71920'),
        starts: z.coerce.date(),
        ends: z.coerce.date(),
        /** Shown only to signed-in contractors (personal area), never in the public list. */
        forContractors: z.boolean().default(false),
        image: image().optional(),
        imageAlt: z.string().optional(),
        products: productRefs,
        /** Hide without deleting the file. */
        draft: z.boolean().default(false),
      })
      .refine((p) => p.ends > p.starts, { message: 'ends должна быть позже starts', path: ['ends'] }),
});

const media = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/media' }),
  schema: ({ image }) =>
    z
      .object({
        kind: z.enum(['material', 'video', 'social']),
        title: z.string().min(2).max(120),
        description: z.string().max(300).optional(),
        /** A file in public/ (e.g. /media-files/katalog-2026.pdf) or an outside address (video, social network). */
        url: z.string().refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'путь от корня сайта или адрес http(s)'),
        /** Size in bytes, shown next to a download link. */
        fileSize: z.number().int().positive().optional(),
        /** PDF, видео, Instagram… shown as a label. */
        format: z.string().max(30).optional(),
        cover: image().optional(),
        published: z.coerce.date(),
        products: productRefs,
        sort: z.number().int().default(500),
        draft: z.boolean().default(false),
      })
      .refine((m) => m.kind !== 'material' || m.url.startsWith('/'), { message: 'материал для скачивания должен лежать на сайте (путь от корня)', path: ['url'] }),
});

const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string().min(2).max(120),
    description: z.string().min(20).max(300),
    /** The heading when it differs from the title. */
    h1: z.string().optional(),
    updated: z.coerce.date().optional(),
    /** Legal pages: the seller's requisites (src/config/seller.ts) follow the text. */
    requisites: z.boolean().default(false),
    draft: z.boolean().default(false),
  }),
});

export const collections = { promotions, media, pages };
