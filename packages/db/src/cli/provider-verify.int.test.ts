import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { facilityServices, providers } from '../schema/index.ts';
import {
  createFacility,
  createFacilityService,
  createProvider,
  createTestDatabase,
  type TestDatabase,
} from '../testing.ts';
import { runProviderVerify } from './provider-verify.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Runs the command against the test database; what it printed, and its exit code. */
async function verifyCommand(...args: string[]) {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((line: unknown) => void printed.push(String(line)));
  try {
    const code = await runProviderVerify(args, { DATABASE_URL: database.url });
    return { code, printed: printed.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

async function providerRow(id: string) {
  const [row] = await database.db.select().from(providers).where(eq(providers.id, id));
  return row;
}

describe('pnpm provider:verify', () => {
  it('verifies a provider named by its IČO, and its services with it', async () => {
    const provider = await createProvider(database.db, { identificationCode: '25596641', verified: false });
    const facility = await createFacility(database.db, { providerId: provider.id });
    const service = await createFacilityService(database.db, { facilityId: facility.id, verified: false });

    const { code, printed } = await verifyCommand('25596641');
    expect(code).toBe(0);
    expect(printed).toContain('verified since');
    expect(await providerRow(provider.id)).toMatchObject({ verified: true, verifiedAt: expect.any(Date) });
    const [row] = await database.db
      .select()
      .from(facilityServices)
      .where(eq(facilityServices.id, service.id));
    expect(row?.verified).toBe(true);
  });

  it('withdraws the verification of a provider named by its id', async () => {
    const provider = await createProvider(database.db, { verified: true });
    const { code, printed } = await verifyCommand(provider.id, '--unverify');
    expect(code).toBe(0);
    expect(printed).toContain('not verified');
    expect(await providerRow(provider.id)).toMatchObject({ verified: false, verifiedAt: null });
  });

  it('asks for the country when a Czech and a Slovak provider share the IČO', async () => {
    const czech = await createProvider(database.db, {
      identificationCode: '00686930',
      country: 'CZ',
      verified: false,
    });
    const slovak = await createProvider(database.db, {
      identificationCode: '00686930',
      country: 'SK',
      verified: false,
    });
    const ambiguous = await verifyCommand('00686930');
    expect(ambiguous.printed).toContain('name the country');
    expect((await providerRow(czech.id))?.verified).toBe(false);

    expect((await verifyCommand('00686930', '--country', 'sk')).code).toBe(0);
    expect((await providerRow(slovak.id))?.verified).toBe(true);
    expect((await providerRow(czech.id))?.verified).toBe(false);
  });

  it('says so when no provider matches, and explains its use without an argument', async () => {
    expect(await verifyCommand('27082440')).toMatchObject({
      code: 1,
      printed: expect.stringContaining('No provider'),
    });
    expect(await verifyCommand()).toMatchObject({ code: 2, printed: expect.stringContaining('Usage') });
    expect((await verifyCommand('27082440', '--country', 'DE')).code).toBe(2);
  });
});
