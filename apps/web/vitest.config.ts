import path from 'node:path';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      // Test files share one module graph per worker (modules imported once, not once a file: a third of
      // the step's time); src/testing/setup.ts puts back the page, storage, toasts and language after
      // each test, so no state carries over.
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['./src/testing/setup.ts'],
      // The real API for page tests (`src/testing/real-api.tsx`), started on a page test's first call.
      globalSetup: [path.resolve(import.meta.dirname, '../api/src/testing/page-test-api.ts')],
    },
  }),
);
