import { type Locale, type ProviderExportFormat, todayIsoDate } from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { NotFoundError } from '../../platform/errors.ts';
import { asciiSlug, exportTexts } from './export-columns.ts';

/** The provider's name, for the file's. */
export async function providerName(db: DbExecutor, providerId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select name from providers where id = ${providerId}`,
  );
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return row.name;
}

/**
 * `zadosti-domov-u-lipy-2026-11-24.xlsx`: the word for requests in the file's language, the provider's
 * name in ASCII (safe in every file system and header) and the day it was made, in Prague.
 */
export function exportFileName(
  format: ProviderExportFormat,
  locale: Locale,
  provider: string,
  madeAt: Date,
): string {
  const parts = [exportTexts(locale).filePrefix, asciiSlug(provider), todayIsoDate(madeAt)];
  return `${parts.filter((part) => part !== '').join('-')}.${format}`;
}
