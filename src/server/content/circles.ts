/**
 * /circles/ — our reading of a route the spec names without describing: a selector of abrasive and
 * cutting discs (круги и диски) for the tool a visitor has, by kind, diameter, bore and the
 * material to cut. Options come from the catalogue itself, so new sizes appear without code.
 */
import type { Pricing } from '../catalog/pricing';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client';
import { products, sections } from '../db/schema';
import { productCards, type ProductCard } from '../catalog/cards';
import { zPage } from '../http/zod';

export const CIRCLE_KINDS = [
  { code: 'krugi-otreznye', name: 'Отрезные круги' },
  { code: 'krugi-zachistnye', name: 'Зачистные круги' },
  { code: 'almaznye-diski', name: 'Алмазные диски' },
  { code: 'diski-pilnye', name: 'Пильные диски' },
] as const;

/** Which kinds of disc fit which tool. */
export const CIRCLE_TOOLS = [
  { code: 'ushm', name: 'Болгарка (УШМ)', kinds: ['krugi-otreznye', 'krugi-zachistnye', 'almaznye-diski'] },
  { code: 'pila', name: 'Циркулярная или торцовочная пила', kinds: ['diski-pilnye'] },
  { code: 'plitkorez', name: 'Плиткорез, штроборез, бензорез', kinds: ['almaznye-diski'] },
] as const;

export const CIRCLES_PAGE_SIZE = 24;

const num = z
  .string()
  .trim()
  .max(10)
  .optional()
  .transform((v) => (v && /^\d{1,4}(\.\d{1,2})?$/.test(v) ? v : undefined));

export const circlesQuery = z.object({
  tool: z
    .string()
    .optional()
    .transform((v) => CIRCLE_TOOLS.find((x) => x.code === v)?.code),
  kind: z
    .string()
    .optional()
    .transform((v) => CIRCLE_KINDS.find((x) => x.code === v)?.code),
  diameter: num,
  bore: num,
  material: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || undefined),
  page: zPage.catch(1),
});
export type CirclesQuery = z.output<typeof circlesQuery>;

export type CirclesResult = {
  options: { diameters: string[]; bores: string[]; materials: string[] };
  items: ProductCard[];
  total: number;
  pages: number;
};

const prop = (code: string) => sql<string>`${products.properties} ->> ${code}`;
const byNumber = (a: string, b: string) => Number(a) - Number(b);

export async function findCircles(db: Db, pricing: Pricing | null, q: CirclesQuery): Promise<CirclesResult> {
  const toolKinds: readonly string[] = q.tool ? CIRCLE_TOOLS.find((x) => x.code === q.tool)!.kinds : CIRCLE_KINDS.map((k) => k.code);
  const kinds = q.kind ? toolKinds.filter((k) => k === q.kind) : toolKinds;
  const sectionIds = db.select({ id: sections.id }).from(sections).where(inArray(sections.code, kinds.length ? [...kinds] : ['-']));
  const scope = and(eq(products.active, true), inArray(products.sectionId, sectionIds));
  const filters: SQL[] = [];
  if (q.diameter) filters.push(sql`${prop('diameter')} = ${q.diameter}`);
  if (q.bore) filters.push(sql`${prop('bore')} = ${q.bore}`);
  if (q.material) filters.push(sql`${prop('material')} = ${q.material}`);
  const where = and(scope, ...filters);
  const [opts, [totalRow], items] = await Promise.all([
    db
      .selectDistinct({ diameter: prop('diameter'), bore: prop('bore'), material: prop('material') })
      .from(products)
      .where(scope),
    db.select({ n: count() }).from(products).where(where),
    productCards(db, pricing, { where: and(inArray(products.sectionId, sectionIds), ...filters), limit: CIRCLES_PAGE_SIZE, offset: (q.page - 1) * CIRCLES_PAGE_SIZE }),
  ]);
  const uniq = (key: 'diameter' | 'bore' | 'material') => [...new Set(opts.map((o) => o[key]).filter((v): v is string => !!v))];
  const total = Number(totalRow?.n ?? 0);
  return {
    options: { diameters: uniq('diameter').sort(byNumber), bores: uniq('bore').sort(byNumber), materials: uniq('material').sort((a, b) => a.localeCompare(b, 'ru')) },
    items,
    total,
    pages: Math.max(1, Math.ceil(total / CIRCLES_PAGE_SIZE)),
  };
}
