import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    // Test files share one module graph per worker: these modules hold no state.
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
