/**
 * What the catalogue's own names say about a query word: a *type* (a word of a section name:
 * «дрель», «аккумулятор», «кувалда»), a *brand* (Makita, Макита), or neither (an attribute such as
 * «ударная», «строительные»). Roles weigh words when not every word can be matched, and decide what
 * «для шуруповерта» means. Also the names of sections above the leaves («Садовая техника»), which
 * products no longer carry in their indexed text: a query naming one is matched by section instead.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cachedSectionTree, type SectionNode } from '../catalog/sections';
import { rowsOf } from '../db/rows';
import { fold, words } from './text';
import { lexize } from './vocabulary';

export type Role = 'type' | 'brand' | 'article' | 'attr';

export type SectionPhrase = { lexemes: string[]; sectionIds: number[]; name: string };
export type Lexicon = {
  types: Set<string>;
  brands: Set<string>;
  phrases: SectionPhrase[];
  /** Leaf sections a type word names (by the section's name or its products' first word). */
  sectionsOf: Map<string, Set<number>>;
  /** Leaf section → the sections of the consumables its products take (product_expendables). */
  consumables: Map<number, Set<number>>;
};

const TTL_MS = 30_000;
const g = globalThis as typeof globalThis & { __searchLexicon?: WeakMap<object, { at: number; value: Promise<Lexicon> }> };
g.__searchLexicon ??= new WeakMap();

/** Russian adjective endings (plural names: «Дрели ударные», «Лазерные нивелиры»): not the type itself. */
const ADJECTIVE = /(?:ые|ий|ый|ой|ая|ое|ие|яя|ее)$/;
const COMPLEMENT = new Set(['по', 'для', 'с', 'без']);

function leafIds(node: SectionNode): number[] {
  return node.children.length ? node.children.flatMap(leafIds) : [node.id];
}

/** The lexicon, rebuilt every 30 s in the background: a visitor never waits for a rebuild, only for the first build. */
export function lexicon(db: Db): Promise<Lexicon> {
  const hit = g.__searchLexicon!.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = build(db);
  const entry = { at: Date.now(), value };
  if (hit) {
    hit.at = Date.now();
    value.then(() => g.__searchLexicon!.set(db, entry)).catch(() => {});
    return hit.value;
  }
  g.__searchLexicon!.set(db, entry);
  value.catch(() => g.__searchLexicon!.delete(db));
  return value;
}

async function build(db: Db): Promise<Lexicon> {
  const tree = await cachedSectionTree(db);
  const brandRows = rowsOf<{ name: string; name_cyr: string | null }>(await db.execute(sql`SELECT name, name_cyr FROM brands`));
  // What the products call themselves: the first word of a few names per section («Молоток слесарный …»), by index.
  const headRows = rowsOf<{ section_id: number; w: string }>(
    await db.execute(sql`SELECT DISTINCT s.id AS section_id, split_part(x.name, ' ', 1) AS w FROM sections s,
      LATERAL (SELECT name FROM products p WHERE p.section_id = s.id AND p.active ORDER BY p.popularity DESC LIMIT 5) x`),
  );
  const heads = headRows.flatMap((r) => words(r.w).filter((w) => !ADJECTIVE.test(w)));
  // What fits what, from a few products per section: drills for a perforator, batteries for a screwdriver.
  const fitRows = rowsOf<{ tool: number; material: number }>(
    await db.execute(sql`SELECT DISTINCT s.id AS tool, m.section_id AS material FROM sections s,
      LATERAL (SELECT id FROM products p WHERE p.section_id = s.id AND p.active ORDER BY p.popularity DESC LIMIT 5) x
      JOIN product_expendables e ON e.product_id = x.id JOIN products m ON m.id = e.material_id`),
  );
  const consumables = new Map<number, Set<number>>();
  for (const r of fitRows) consumables.set(r.tool, (consumables.get(r.tool) ?? new Set()).add(r.material));
  const nodes = [...tree.byId.values()];
  const all = new Set<string>(heads);
  for (const n of nodes) for (const w of words(n.name)) all.add(w);
  for (const b of brandRows) for (const w of words(`${b.name} ${b.name_cyr ?? ''}`)) all.add(w);
  const { lex } = await lexize(db, [...all]);
  const stem = (w: string) => lex.get(w) ?? [];

  const types = new Set<string>(heads.flatMap(stem));
  for (const n of nodes) {
    const ws = words(n.name);
    ws.forEach((w, i) => {
      if (i > 0 && COMPLEMENT.has(ws[i - 1]!)) return;
      if (COMPLEMENT.has(w)) return;
      if (ADJECTIVE.test(w) && ws.length > 1) return;
      for (const l of stem(w)) types.add(l);
    });
  }
  const sectionsOf = new Map<string, Set<number>>();
  const note = (l: string, id: number) => sectionsOf.set(l, (sectionsOf.get(l) ?? new Set()).add(id));
  for (const r of headRows) for (const w of words(r.w)) for (const l of stem(w)) note(l, r.section_id);
  for (const n of nodes) if (!n.children.length) for (const w of words(n.name)) for (const l of stem(w)) if (types.has(l)) note(l, n.id);
  const brands = new Set<string>();
  for (const b of brandRows) for (const w of words(`${b.name} ${b.name_cyr ?? ''}`)) for (const l of stem(w)) brands.add(l);

  // Sections above the leaves, by the words of their names: «садовая техника», «пилы цепные».
  // A one-word name whose leaves repeat it («Шуруповёрты» over «Шуруповёрты аккумуляторные» and
  // «Гайковёрты») is left to the leaves: that is exactly the pollution the leaf-only documents remove.
  const phrases: SectionPhrase[] = [];
  for (const n of nodes) {
    if (!n.children.length) continue;
    const own = words(n.name).filter((w) => !COMPLEMENT.has(w) && w !== 'и').flatMap(stem);
    if (!own.length) continue;
    const leaves = leafIds(n);
    const leafLex = new Set(leaves.flatMap((id) => words(tree.byId.get(id)?.name ?? '').flatMap(stem)));
    if (own.length === 1 && leafLex.has(own[0]!)) continue;
    phrases.push({ lexemes: [...new Set(own)], sectionIds: leaves, name: fold(n.name) });
  }
  phrases.sort((a, b) => b.lexemes.length - a.lexemes.length);
  return { types, brands, phrases, sectionsOf, consumables };
}

/** How much a clause counts when the query cannot be matched as a whole. */
export const IMPORTANCE: Record<Role, number> = { type: 3, brand: 2, article: 2, attr: 1 };
