import path from 'node:path';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['./src/testing/setup.ts'],
      // The real API for page tests (`src/testing/real-api.tsx`), started on a page test's first call.
      globalSetup: [path.resolve(import.meta.dirname, '../api/src/testing/page-test-api.ts')],
    },
  }),
);
