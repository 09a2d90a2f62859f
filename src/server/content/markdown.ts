/**
 * Editors' Markdown to HTML, once, at save time (readers print the stored HTML). Markdown lets raw
 * HTML through, and an editor's account can be stolen: what comes out is cut down to an allowlist
 * of elements and attributes, and links and pictures to addresses that cannot run script.
 */
import { markdownToHtml } from 'satteri';
import { ELEMENT_NODE, parse, render, transform, walkSync } from 'ultrahtml';
import sanitize from 'ultrahtml/transformers/sanitize';

const ELEMENTS = ['p', 'br', 'hr', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 's', 'del', 'code', 'pre', 'blockquote', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ATTRIBUTES = { href: ['a'], title: ['a', 'img'], src: ['img'], alt: ['img'], width: ['img'], height: ['img'], align: ['th', 'td'], start: ['ol'] };

/** Site paths, anchors, http(s), mail and phone links; `javascript:`, `data:` and the rest are dropped. */
const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;
/** Pictures: uploaded ones (/img/c/…), other site paths, or https. */
const SAFE_SRC = /^(\/(?!\/)|https:\/\/)/i;

export async function renderMarkdown(source: string): Promise<string> {
  const raw = markdownToHtml(source).html;
  const clean = await transform(raw, [sanitize({ allowElements: ELEMENTS, allowAttributes: ATTRIBUTES, allowComments: false })]);
  const doc = parse(clean);
  walkSync(doc, (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const a = node.attributes as Record<string, string>;
    // Entities decoded before the check: `jav&#x61;script:` must not slip through.
    const url = (v: string) => v.replace(/&#x?([0-9a-f]+);?/gi, (_, n: string) => String.fromCharCode(parseInt(n, /x/i.test(_) ? 16 : 10))).replace(/[\u0000-\u0020]/g, '');
    if ('href' in a && !SAFE_HREF.test(url(a.href!))) delete a.href;
    if ('src' in a && !SAFE_SRC.test(url(a.src!))) delete a.src;
    if (node.name === 'img') a.loading = 'lazy';
    if (node.name === 'a' && /^https?:/i.test(a.href ?? '')) a.rel = 'noopener nofollow';
  });
  return (await render(doc)).trim();
}

/** Markdown pictures with an empty description: `![](…)`. Each needs its alt text. */
export function imagesWithoutAlt(source: string): number {
  return [...source.matchAll(/!\[\s*\]\(/g)].length;
}
