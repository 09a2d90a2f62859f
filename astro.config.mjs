// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { sourceDates } from './scripts/source-dates.mjs';
import { drizzleIsByClass, pagesSkipStaticLookup, reactCheckOnce } from './scripts/runtime-patches.mjs';

/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into the body before the first
 * island of a server-rendered page: invalid HTML (a <style> in <body>; the Nu Html Checker flags
 * every page). The rule is in global.css, loaded in <head>; this drops the inline copy from the
 * runtime at build time. Checked by tests/integration/html-validity.test.ts.
 */
/** @type {NonNullable<NonNullable<import('astro').AstroUserConfig['vite']>['plugins']>[number]} */
const islandStylesInHead = {
  name: 'island-styles-in-head',
  enforce: 'pre',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.includes('astro/dist/runtime/server/scripts')) return null;
    const next = code.replace('`<style>${ISLAND_STYLES}</style><script>', '`<script>');
    if (next === code) throw new Error('island-styles-in-head: Astro runtime changed, update the plugin');
    return next;
  },
};
/**
 * Astro also inlines its island runtime — the <astro-island> element, 4.4 KB — into every page that has
 * an island, which is every page: the same bytes in every HTML response, never cached by the browser.
 * In a build it becomes one immutable file instead (dist/client/_astro/astro-island.<hash>.js, written
 * when the build is done, precompressed like every asset), loaded as a module script: deferred, so it
 * defines the element once the page is parsed and the islands then start as before (the directive
 * scripts, a few hundred bytes, stay inline). `astro dev` keeps the inline copy.
 * docs/decisions/0052-listing-page-size.md.
 */
const ISLAND_FILE = `_astro/astro-island.${createHash('sha256').update(islandScript).digest('base64url').slice(0, 10)}.js`;
/** @type {NonNullable<NonNullable<import('astro').AstroUserConfig['vite']>['plugins']>[number]} */
const islandRuntimeFile = {
  name: 'island-runtime-file',
  enforce: 'pre',
  apply: 'build',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.includes('astro/dist/runtime/server/scripts')) return null;
    const inline = '<script>${process.env.NODE_ENV === "development" ? islandScriptDev : islandScript}</script>';
    const next = code.replace(inline, `<script type="module" src="/${ISLAND_FILE}"></script>`);
    if (next === code) throw new Error('island-runtime-file: Astro runtime changed, update the plugin');
    return next;
  },
};
/** @type {import('astro').AstroIntegration} */
const islandRuntimeFileWriter = {
  name: 'island-runtime-file',
  hooks: {
    'astro:build:done': ({ dir }) => {
      fs.writeFileSync(new URL(ISLAND_FILE, dir), islandScript);
    },
  },
};
import { CSP_DIRECTIVES } from './src/server/http/csp.ts';
import { config, siteUrl } from './src/server/config/index.ts';

/**
 * `client:demand`: the storefront's islands hydrate when first needed (src/directives/demand.ts, decision 0053).
 * `client:held`: the other islands hydrate at once or when idle, holding taps made before (src/directives/held.ts, decision 0320).
 */
/** @type {import('astro').AstroIntegration} */
const clientDemand = {
  name: 'client-demand',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'demand', entrypoint: new URL('./src/directives/demand.ts', import.meta.url).pathname });
      addClientDirective({ name: 'held', entrypoint: new URL('./src/directives/held.ts', import.meta.url).pathname });
    },
  },
};

export default defineConfig({
  site: siteUrl(),
  output: 'server',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  // React 19 islands (docs/decisions/0050-react-runtime.md): hydrated late, one shared runtime chunk.
  integrations: [react(), islandRuntimeFileWriter, clientDemand],
  server: { host: config().HOST, port: config().PORT },
  // One stylesheet per set of pages, immutable and cached by the browser: 20 KB less HTML on every page.
  build: { inlineStylesheets: 'never' },
  prefetch: false,
  security: {
    // The origin check runs in src/middleware.ts instead (server/http/refusals.ts): Russian answers,
    // and SITE_URL / a trusted proxy's forwarded origin count as this site (docs/decisions/0180-security.md).
    checkOrigin: false,
    // A Content-Security-Policy header on every page: hashes of Astro's own scripts and styles (never
    // nonces: the page cache keeps whole responses). Style attributes (--brand colours) stay allowed.
    csp: {
      algorithm: 'SHA-256',
      directives: [...CSP_DIRECTIVES],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    plugins: [islandStylesInHead, islandRuntimeFile, reactCheckOnce, drizzleIsByClass, pagesSkipStaticLookup, sourceDates()],
    // PGlite ships its own wasm/data files and must not be pre-bundled.
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    // drizzle-orm (and better-auth, which imports it) built into the server: left in node_modules, Node re-parsed
    // drizzle's 179 KB package.json for every one of its files it loaded — 0.6 s of each start (decision 0330).
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer'], noExternal: ['drizzle-orm', 'better-auth', /^@better-auth\//] },
  },
});
