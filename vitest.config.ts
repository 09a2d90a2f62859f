import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
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
        },
      },
    ],
  },
});
