import { type Locale, type ProviderExportFormat, todayIsoDate } from '@opora/contracts';
import { type DbExecutor, providers } from '@opora/db';
import { eq } from 'drizzle-orm';
import { NotFoundError } from '../../platform/errors.ts';
import { asciiSlug, exportTexts } from './export-columns.ts';

/** The provider's name, for the file's. */
export async function providerName(db: DbExecutor, providerId: string): Promise<string> {
  const [row] = await db.select({ name: providers.name }).from(providers).where(eq(providers.id, providerId));
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
