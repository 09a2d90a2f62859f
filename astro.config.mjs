// @ts-check
import { defineConfig, memoryCache } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'server',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  cache: { provider: memoryCache() },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  vite: {
    // PGlite ships its own wasm/data files and must not be pre-bundled.
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer'] },
  },
});
