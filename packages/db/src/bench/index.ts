// Helpers of `pnpm bench catalogue` and `pnpm bench inbox` (scripts/bench-*.ts); not part of the application.
export {
  type BenchCatalogueOptions,
  type BenchCatalogueSummary,
  generateBenchCatalogue,
} from './catalogue.ts';
export { type BenchClientAccount, createBenchClientAccount, createBenchClients } from './clients.ts';
export { type BenchDatabase, explainAnalyze, openBenchDatabase, queryRows } from './database.ts';
export {
  type BenchInbox,
  type BenchInboxOptions,
  type BenchInboxSummary,
  type BenchProviderAccount,
  generateBenchInbox,
} from './inbox.ts';
