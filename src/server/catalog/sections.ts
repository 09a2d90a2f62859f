/** The catalogue section tree (spec §3: CODE, SUB_SECTIONS, BANNER). */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sections, type SectionBanner } from '../db/schema';

export type SectionNode = {
  id: number;
  code: string;
  name: string;
  depth: number;
  url: string;
  productCount: number;
  icon: string | null;
  description: string | null;
  banner: SectionBanner | null;
  parentId: number | null;
  children: SectionNode[];
};

export type SectionTree = {
  roots: SectionNode[];
  byId: Map<number, SectionNode>;
  byCode: Map<string, SectionNode>;
};

export async function loadSectionTree(db: Db): Promise<SectionTree> {
  const rows = await db.select().from(sections).orderBy(asc(sections.depth), asc(sections.sort), asc(sections.name));
  const byId = new Map<number, SectionNode>();
  const byCode = new Map<string, SectionNode>();
  const roots: SectionNode[] = [];
  for (const r of rows) {
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    const node: SectionNode = {
      id: r.id,
      code: r.code,
      name: r.name,
      depth: r.depth,
      url: `${parent ? parent.url : '/catalog/'}${r.code}/`,
      productCount: r.productCount,
      icon: r.icon,
      description: r.description,
      banner: r.banner ?? null,
      parentId: r.parentId,
      children: [],
    };
    byId.set(r.id, node);
    byCode.set(r.code, node);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return { roots, byId, byCode };
}

/** Ancestors from level 1 down to the node itself. */
export function sectionPath(tree: SectionTree, node: SectionNode): SectionNode[] {
  const path: SectionNode[] = [];
  for (let n: SectionNode | undefined = node; n; n = n.parentId ? tree.byId.get(n.parentId) : undefined) path.unshift(n);
  return path;
}

/** The node and every section below it: where a listing of this section takes its products from. */
export function subtreeIds(node: SectionNode): number[] {
  const ids: number[] = [];
  const walk = (n: SectionNode) => {
    ids.push(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return ids;
}

/** The spec's upper-case API shape, cut at `depth` levels (1..3). */
export type ApiSection = { ID: number; CODE: string; NAME: string; URL: string; DEPTH_LEVEL: number; PRODUCT_COUNT: number; ICON: string | null; BANNER: SectionBanner | null; SUB_SECTIONS: ApiSection[] };

export function toApiSection(node: SectionNode, depth = 3): ApiSection {
  return {
    ID: node.id,
    CODE: node.code,
    NAME: node.name,
    URL: node.url,
    DEPTH_LEVEL: node.depth,
    PRODUCT_COUNT: node.productCount,
    ICON: node.icon,
    BANNER: node.banner,
    SUB_SECTIONS: node.depth < depth ? node.children.map((c) => toApiSection(c, depth)) : [],
  };
}

/**
 * The tree changes rarely and every page's header needs it, so each node keeps it for a short
 * while. A TTL (not an event) keeps app nodes consistent without a shared bus.
 */
const TREE_TTL_MS = 30_000;
let cached: { at: number; tree: Promise<SectionTree> } | null = null;

export function cachedSectionTree(db: Db): Promise<SectionTree> {
  if (!cached || Date.now() - cached.at > TREE_TTL_MS) {
    const tree = loadSectionTree(db);
    cached = { at: Date.now(), tree };
    tree.catch(() => (cached = null));
  }
  return cached.tree;
}

export function forgetSectionTree(): void {
  cached = null;
}
