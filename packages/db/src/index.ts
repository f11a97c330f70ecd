export { copyCaseSurveysToRequest } from './care-requests/case-survey-copies.ts';
export {
  type CreateDbOptions,
  createDb,
  type Db,
  type DbClient,
  type DbExecutor,
  type DbHandle,
} from './client.ts';
export { databaseName, redactConnectionString, withDatabase } from './connection-string.ts';
export {
  createDatabaseIfMissing,
  type EmbeddedPostgresOptions,
  type EmbeddedPostgresServer,
  type ResolveDatabaseOptions,
  type ResolvedDatabase,
  resolveDatabase,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';
export {
  isDatabaseUnavailable,
  type PostgresError,
  postgresErrorCodes,
  postgresErrorOf,
} from './errors.ts';
export { excluded } from './excluded.ts';
export { insertIdentityUser, type NewIdentityUser } from './identity/identity-users.ts';
export {
  type ChannelListener,
  type ChannelListenerHandlers,
  type ChannelListenerOptions,
  listenToChannel,
} from './listen.ts';
export { jobQueueSchema, migrate, migrationsFolder } from './migrate.ts';
export { providerTrialMonths, startProviderTrial, trialEndOf } from './provider-plans/provider-trial.ts';
export {
  AmbiguousProviderError,
  type ProviderReference,
  type ProviderVerificationRow,
  parseProviderReference,
  setProviderVerification,
  type VerificationChange,
} from './providers/verification.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export { demoAccounts, demoPassword } from './seed/demo-data.ts';
export { type SeedOptions, SeedRefusedError, type SeedSummary, seed } from './seed/index.ts';
export {
  type RelationshipTypeCode,
  type RequestStatusCode,
  relationshipTypeCodes,
  requestStatusDefinitions,
  type ServiceCategoryCode,
  type ServiceTypeCode,
  serviceCategoryCodes,
  serviceTypeDefinitions,
} from './seed/reference-data.ts';
