/**
 * The demo's first content: the Markdown files of src/content/ (promotions, media, pages) written
 * into `content_entries` once, by the demo seed (seed/seed.ts). After that the desk is the only
 * place content changes (decision 0210); the files stay as the demo's source and as examples.
 * Front matter is checked here with the rules the content collections had at build time.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { z } from 'astro/zod';
import type { Db } from '../db/client';
import type { ContentKind } from '../db/schema';
import { storeContentImage } from './images';
import { writeEntry, type EntryFields } from './write';
import { zDiscount } from './editor';

const productRefs = z
  .object({ sections: z.array(z.string().regex(/^[a-z0-9-]+$/)).default([]), articles: z.array(z.coerce.string().min(1)).default([]), limit: z.number().int().min(1).max(200).default(24) })
  .default({ sections: [], articles: [], limit: 24 });
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'цвет в формате #RRGGBB');

const promotion = z
  .object({
    title: z.string().min(3).max(120),
    preview: z.string().min(3).max(200),
    description: z.string().max(300).optional(),
    color: hexColor.default('#d71920'),
    starts: z.coerce.date(),
    ends: z.coerce.date(),
    forContractors: z.boolean().default(false),
    image: z.string().optional(),
    imageAlt: z.string().optional(),
    products: productRefs,
    /** The price rule, as in the editor: {percent | price, sections, brands, articles, contractors}. */
    discount: zDiscount.optional(),
    draft: z.boolean().default(false),
  })
  .refine((p) => p.ends > p.starts, { message: 'ends должна быть позже starts', path: ['ends'] });

const media = z.object({
  kind: z.enum(['material', 'video', 'social']),
  title: z.string().min(2).max(120),
  description: z.string().max(300).optional(),
  url: z.string().refine((u) => u.startsWith('/') || /^https?:\/\//.test(u)),
  fileSize: z.number().int().positive().optional(),
  format: z.string().max(30).optional(),
  cover: z.string().optional(),
  published: z.coerce.date(),
  products: productRefs,
  sort: z.number().int().default(500),
  draft: z.boolean().default(false),
});

const page = z.object({
  title: z.string().min(2).max(120),
  description: z.string().min(20).max(300),
  h1: z.string().optional(),
  updated: z.coerce.date().optional(),
  requisites: z.boolean().default(false),
  draft: z.boolean().default(false),
});

function readMarkdown(file: string): { front: unknown; body: string } {
  const text = fs.readFileSync(file, 'utf8');
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${file}: нет шапки между строками ---`);
  return { front: yaml.load(m[1]!), body: m[2]!.replace(/^\s*\n/, '') };
}

const FOLDERS: [ContentKind, string][] = [
  ['promotion', 'promotions'],
  ['media', 'media'],
  ['page', 'pages'],
];

/** Imports every Markdown file of `root` (src/content); returns how many entries were written. */
export async function importContent(db: Db, root = path.resolve('src/content')): Promise<number> {
  let n = 0;
  for (const [kind, folder] of FOLDERS) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) {
      const file = path.join(dir, name);
      const code = name.slice(0, -3);
      const { front, body } = readMarkdown(file);
      const picture = async (rel: string | undefined, alt: string) => (rel ? (await storeContentImage(db, fs.readFileSync(path.resolve(dir, rel)), alt, null)).id : null);
      let fields: EntryFields;
      if (kind === 'promotion') {
        const d = promotion.parse(front);
        const alt = d.imageAlt ?? d.title;
        fields = {
          kind, code, title: d.title, preview: d.preview, body, status: d.draft ? 'draft' : 'published', startsAt: d.starts, endsAt: d.ends,
          data: { description: d.description, color: d.color, forContractors: d.forContractors, products: d.products },
          discount: d.discount ?? null, imageId: await picture(d.image, alt), imageAlt: d.image ? alt : null,
        };
      } else if (kind === 'media') {
        const d = media.parse(front);
        fields = {
          kind, code, title: d.title, preview: d.description ?? '', body, status: d.draft ? 'draft' : 'published', startsAt: d.published, endsAt: null,
          data: { mediaKind: d.kind, url: d.url, fileSize: d.fileSize, format: d.format, sort: d.sort, products: d.products },
          discount: null, imageId: await picture(d.cover, d.title), imageAlt: d.cover ? d.title : null,
        };
      } else {
        const d = page.parse(front);
        fields = {
          kind, code, title: d.title, preview: d.description, body, status: d.draft ? 'draft' : 'published', startsAt: null, endsAt: null,
          data: { h1: d.h1, updated: d.updated?.toISOString(), requisites: d.requisites },
          discount: null, imageId: null, imageAlt: null,
        };
      }
      await writeEntry(db, fields, null);
      n++;
    }
  }
  return n;
}
