// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'server',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  // Islands are written against the React API and run on Preact through preact/compat: see
  // docs/decisions/0004-preact-compat-runtime.md (React-DOM alone is over the 60 KB page budget).
  integrations: [preact({ compat: true })],
  // Astro's memory cache for guests only, with ETag/304 (see src/server/catalog/cache-provider.ts).
  cache: { provider: { name: 'guest-memory', entrypoint: './src/server/catalog/cache-provider.ts', config: { max: 1000 } } },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  vite: {
    // PGlite ships its own wasm/data files and must not be pre-bundled.
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    // @nanostores/react must be bundled so that its `react` import is aliased to preact/compat.
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer'], noExternal: ['@nanostores/react'] },
  },
});
