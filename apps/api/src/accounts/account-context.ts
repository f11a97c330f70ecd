import type { Db } from '@opora/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { IdentityAdmin } from '../platform/identity-admin.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';

/** What the account use cases work with; routes build it from the app and the request's logger. */
export interface AccountContext {
  db: Db;
  identityAdmin: IdentityAdmin;
  mailer: Pick<Mailer, 'queue'>;
  jobs: Pick<Jobs, 'send'>;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}
