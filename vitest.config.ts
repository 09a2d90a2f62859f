import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // One module registry per worker, not per file: the unit files are pure functions and put back what they replace
          // (environment variables, timers, globals), and re-importing each file's graph cost 40 of the layer's 53 s (2026-11-30:
          // 53 s → 15 s, 346 tests green in three shuffled orders).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/server.ts'],
          setupFiles: ['tests/helpers/client-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // PGlite and seeding are CPU-bound: two cores, two workers at most.
          maxWorkers: 2,
          // Each file runs in a process of its own. Loaded from node_modules file by file, drizzle-orm cost every one of them
          // 1.2 s of CPU: Node re-parsed its 179 KB package.json for each of its files (decision 0330). Pre-bundled once
          // (node_modules/.vite/vitest), the two packages load as a few files.
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator', 'better-auth', 'better-auth/adapters/drizzle', 'better-auth/api', 'better-auth/cookies', 'better-auth/crypto', 'better-auth/plugins'],
              },
            },
          },
        },
      },
    ],
  },
});
