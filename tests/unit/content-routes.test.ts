import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OWN_ROUTE_PAGES, segmentTaken, TAKEN_SEGMENTS } from '../../src/server/content/routes';
import { imagesWithoutAlt, renderMarkdown } from '../../src/server/content/markdown';

describe('addresses an info page may not take', () => {
  it('every top-level route and public file is in the list (add a new one there)', () => {
    const routes = fs.readdirSync('src/pages').map((f) => f.replace(/\.(astro|ts)$/, '')).filter((f) => !f.startsWith('['));
    const files = fs.readdirSync('public');
    for (const name of [...routes, ...files]) {
      if (OWN_ROUTE_PAGES.has(name)) continue;
      expect(segmentTaken(name), name).toBe(true);
    }
  });
  it('the pages with a route of their own stay editable', () => {
    for (const p of OWN_ROUTE_PAGES) expect(segmentTaken(p)).toBe(false);
    expect(TAKEN_SEGMENTS.has('catalog')).toBe(true);
    expect(segmentTaken('sitemap-products-1.xml')).toBe(true);
    expect(segmentTaken('kak-sdelat-zakaz')).toBe(false);
  });
});

describe('editors’ Markdown', () => {
  it('keeps formatting, drops scripts, handlers, frames and script addresses', async () => {
    const html = await renderMarkdown('## Раздел\n\n**жирный** [a](/catalog/) [b](javascript:alert(1)) [c](https://ya.by)\n\n<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://x"></iframe>\n\n<a href="JaVa&#x53;cript:alert(2)">d</a> <a href=" javascript:alert(3)">e</a>\n\n![кот](/img/c/1/640.webp)');
    expect(html).toContain('<h2>Раздел</h2>');
    expect(html).toContain('<strong>жирный</strong>');
    expect(html).toContain('<a href="/catalog/">a</a>');
    expect(html).toContain('<a href="https://ya.by" rel="noopener nofollow">c</a>');
    expect(html).toContain('<img src="/img/c/1/640.webp" alt="кот" loading="lazy">');
    expect(html).not.toMatch(/script|alert|onerror|iframe/i);
  });
  it('counts pictures without a description', () => {
    expect(imagesWithoutAlt('![](a.png) ![ ](b.png) ![ok](c.png)')).toBe(2);
  });
});
