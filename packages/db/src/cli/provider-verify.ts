import { parseArgs } from 'node:util';
import { type Country, countries, isOneOf } from '@opora/contracts';
import { createDb } from '../client.ts';
import {
  AmbiguousProviderError,
  parseProviderReference,
  setProviderVerification,
} from '../providers/verification.ts';
import { databaseFromEnv, describeError } from './environment.ts';

const usage = `Usage: pnpm provider:verify <IČO|provider id> [--country CZ|SK] [--unverify]

Marks the provider verified (staff checked its registration with the regional authority) or, with
--unverify, withdraws it; its services follow. Uses DATABASE_URL, else the embedded database in DATA_DIR.`;

/** `pnpm provider:verify`: staff's verification from a terminal (docs/decisions/0096). */
export async function runProviderVerify(argv: readonly string[], env = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      country: { type: 'string' },
      unverify: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [target] = positionals;
  if (values.help || !target || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const country = values.country?.toUpperCase();
  if (country !== undefined && !isOneOf(countries, country)) {
    console.error(`--country must be CZ or SK, not "${values.country}"`);
    return 2;
  }
  const verified = !values.unverify;
  const database = await databaseFromEnv(env);
  try {
    const { db, close } = createDb(database.url, { max: 1, applicationName: 'opora-provider-verify' });
    try {
      const reference = parseProviderReference(target, country as Country | undefined);
      const row = await setProviderVerification(db, reference, verified).catch((error: unknown) => {
        if (error instanceof AmbiguousProviderError) return error;
        throw error;
      });
      if (row instanceof AmbiguousProviderError) {
        console.error(row.message);
        return 2;
      }
      if (!row) {
        console.error(`No provider with id or IČO "${target}"${country ? ` in ${country}` : ''}.`);
        return 1;
      }
      console.log(
        `${row.name} (IČO ${row.identificationCode ?? '—'}, ${row.country}, ${row.providerId}): ` +
          (row.verified ? `verified since ${row.verifiedAt?.toISOString()}` : 'not verified'),
      );
      return 0;
    } finally {
      await close();
    }
  } finally {
    await database.stop();
  }
}

if (import.meta.main) {
  runProviderVerify(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`Verification failed: ${describeError(error)}`);
      process.exitCode = 1;
    },
  );
}
