// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'server',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  // React 19 islands (docs/decisions/0050-react-runtime.md): hydrated late, one shared runtime chunk.
  integrations: [react()],
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  // One stylesheet per set of pages, immutable and cached by the browser: 20 KB less HTML on every page.
  build: { inlineStylesheets: 'never' },
  prefetch: false,
  vite: {
    // PGlite ships its own wasm/data files and must not be pre-bundled.
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer'] },
  },
});
