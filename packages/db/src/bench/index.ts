// Helpers of `pnpm bench catalogue` (scripts/bench-catalogue.ts); not part of the application.
export {
  type BenchCatalogueOptions,
  type BenchCatalogueSummary,
  generateBenchCatalogue,
} from './catalogue.ts';
export { type BenchClientAccount, createBenchClientAccount, createBenchClients } from './clients.ts';
export { type BenchDatabase, explainAnalyze, openBenchDatabase, queryRows } from './database.ts';
