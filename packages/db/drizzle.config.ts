import { defineConfig } from 'drizzle-kit';

// `generate` needs no database; migrations are committed as plain SQL under drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
