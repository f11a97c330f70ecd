// Values the global setup hands to test files (Vitest `provide` / `inject`).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser connection string of the test server (any database on it). */
    oporaDbAdminUrl: string;
    /** Migrated and reference-seeded database that test databases are cloned from. */
    oporaDbTemplate: string;
    /** Prefix of every database this run creates; teardown drops them all. */
    oporaDbPrefix: string;
  }
}

export {};
