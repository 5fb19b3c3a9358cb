import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Node-environment tests (shared, server) resolve through Vite's SSR settings, which need the
// condition as well; without it they read packages/shared/dist, stale after a change.
const nodeSources = { resolve: { conditions: ['source', ...defaultServerConditions] } };

// One root config, one project per workspace. `source` makes workspace packages resolve
// to their TypeScript sources, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        extends: true,
        ssr: nodeSources,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        ssr: nodeSources,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds one template database per run; each file's server starts on a copy.
          globalSetup: ['./test/global-setup.ts'],
          // Each file starts its own server on its own database (a temporary SQLite file or a
          // uniquely named PostgreSQL database), so files run side by side like the web ones.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share one module graph: importing the whole server again for each
          // of ~60 files was two thirds of the run's CPU. Nothing a test changes lives in module
          // state across servers: buildApp resets the clock and registers the approval types anew.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // One jsdom and one module graph per worker instead of per file: setting them up again
          // for each of ~90 files took two thirds of the web run. The setup file resets the
          // document, storage and antd's global popups after every test.
          isolate: false,
        },
      },
    ],
  },
});
