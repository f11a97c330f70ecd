import type { Db } from '@opora/db';
import type { Config } from '../platform/config.ts';
import type { Mailer } from '../platform/mail.ts';

/** What the request use cases work with; routes build it from the app. */
export interface RequestContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  config: Pick<Config, 'publicUrl'>;
}
