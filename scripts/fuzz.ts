/**
 * `pnpm fuzz` (`node scripts/fuzz.ts [--quick] [--operation <operationId>]… [--role <role>]…`):
 * Schemathesis against the OpenAPI document the API serves (`/api/docs/json`), as a guest and as a
 * signed-in account of every role; `--operation` and `--role` (`guest` or a role, each repeatable)
 * narrow a run to what a change touched.
 *
 * - Schemathesis comes from PyPI into `.venv-fuzz/` (git-ignored), pinned, installed on first use with
 *   `python3 -m venv` and pip (`PYTHON` names another interpreter).
 * - The API runs as in production (`NODE_ENV=production`: no development mailbox) on a free port, with
 *   an embedded PostgreSQL of its own in a temporary folder (or a new database on the server of
 *   `DATABASE_URL`), reference data, a few catalogue services and a global rate limit no run reaches.
 *   It trusts `X-Forwarded-For` from loopback (`TRUST_PROXY=loopback`), and scripts/fuzz-hooks.py gives
 *   every request a client address of its own, so the per-address limits of sign-up, contact and the
 *   password operations leave their logic testable.
 * - Accounts are made with the database factories (identity user and application user; a provider
 *   membership for the provider roles). Schemathesis signs them in at the embedded issuer's token
 *   endpoint itself (a Web Fuzzing Commons auth file, `--auth-wfc`), again as tokens age, and leaves
 *   the token out where it tests a request without one.
 * - Every check, phases examples, coverage and fuzzing, `--max-examples` per operation (`--quick`: a
 *   few and a fixed seed, for `pnpm test`; otherwise more, from a new seed each run). A signed-in role's `changePassword` and `deleteCurrentUser`
 *   run last, each alone, on a token taken before: wrong current passwords lock the account's
 *   sign-in, and deletion ends it. Exceptions to the checks live, with their reasons, in
 *   scripts/fuzz.schemathesis.toml.
 * - Each operation gets the full budget as the roles that own it, a small one as every other role (see
 *   `otherMaxExamples`); the server starts while the accounts are made.
 * - Two roles at a time (each has accounts of its own): 150 s instead of 240 s for `--quick` on 2 cores.
 *
 * Prints operations, examples and failures per role and exits non-zero on any failure; Schemathesis'
 * own output per run lands in `.test-data/fuzz/`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type OperationId, operationIds, operations, type Role } from '@opora/contracts';
import { type BenchDbModule, type BenchServer, startProductionApi } from './bench-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const venv = path.join(root, '.venv-fuzz');
const st = path.join(venv, 'bin', 'st');
const reportDir = path.join(root, '.test-data', 'fuzz');
const configFile = path.join(root, 'scripts', 'fuzz.schemathesis.toml');

/** Pinned: a newer Schemathesis brings new checks, so upgrading is a change of its own. */
const schemathesisVersion = '4.32.5';

const quick = process.argv.includes('--quick');

/** Every value given after `flag` (`--role a --role b` → `['a', 'b']`). */
function flagValues(flag: string): string[] {
  return process.argv.flatMap((argument, index) => {
    const value = process.argv[index + 1];
    return argument === flag && value !== undefined ? [value] : [];
  });
}
const onlyOperations = flagValues('--operation');
const onlyRoles = flagValues('--role');
const isSelected = (operationId: string) =>
  onlyOperations.length === 0 || onlyOperations.includes(operationId);
const maxExamples = quick ? 8 : 100;
/**
 * The full budget goes to an operation's owners: the roles its `access` names (the guest for a public
 * operation, the client for one that needs only a sign-in). Every other role still calls it, on a small
 * budget: refused (401/403, decided in `onRequest` before anything the request carries is read), or
 * granted through a role it holds besides (everyone signed in is a client too; the public operations
 * take the same path for every signed-in caller). Every outcome of every operation × role is checked by
 * apps/api/src/platform/authorization-matrix.int.test.ts.
 */
const otherPhases = 'examples,fuzzing';
const otherMaxExamples = quick ? 2 : 10;
/** Roles fuzzed at the same time. */
const concurrentRoles = 2;
const readyTimeoutMs = 180_000;

const signedInRoles = [
  'client',
  'assistant',
  'providerAdmin',
  'providerCoordinator',
  'providerUser',
  'admin',
] as const;
type SignedInRole = (typeof signedInRoles)[number];

type Caller = SignedInRole | 'guest';

/** Operations whose `access` names this role (see `otherMaxExamples`). */
function ownedBy(role: Caller): OperationId[] {
  return operationIds.filter((operationId) => {
    const { access } = operations[operationId];
    if (access === 'public') return role === 'guest';
    if (access === 'login') return role === 'client';
    return (access.roles as readonly Role[]).includes(role);
  });
}

/** Operations this role calls on the small budget: every one it does not own. */
function othersOf(role: Caller): OperationId[] {
  const owned = new Set(ownedBy(role));
  return operationIds.filter((operationId) => !owned.has(operationId));
}

const excluding = (ids: readonly string[]) => ids.flatMap((id) => ['--exclude-operation-id', id]);
const including = (ids: readonly string[]) => ids.flatMap((id) => ['--include-operation-id', id]);

interface Account {
  role: SignedInRole;
  email: string;
  password: string;
}

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}`,
  };
}

/** `.venv-fuzz` with the pinned Schemathesis, made (or brought to the pin) when it is not there. */
function ensureSchemathesis(): void {
  if (existsSync(st) && run(st, ['--version']).output.includes(`version ${schemathesisVersion}`)) return;
  const python = process.env.PYTHON ?? 'python3';
  console.log(`Installing schemathesis ${schemathesisVersion} into .venv-fuzz (${python} -m venv, pip)…`);
  if (!existsSync(path.join(venv, 'bin', 'pip'))) {
    const made = run(python, ['-m', 'venv', venv]);
    if (made.status !== 0) throw new Error(`${python} -m venv .venv-fuzz failed:\n${made.output}`);
  }
  const installed = run(path.join(venv, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `schemathesis==${schemathesisVersion}`,
  ]);
  if (installed.status !== 0) throw new Error(`pip install schemathesis failed:\n${installed.output}`);
}

/**
 * One account per signed-in role, and catalogue services for the fuzzer to find; writes the real ids
 * and codes the configuration's dictionaries offer beside generated ones.
 */
async function prepareData(databaseUrl: string, benchDb: BenchDbModule): Promise<Account[]> {
  const [{ contacts, createDb, providerUsers, storedImages }, { storedImagePathPrefix }, factories] =
    await Promise.all([import('@opora/db'), import('@opora/contracts'), import('@opora/db/factories')]);
  const handle = createDb(databaseUrl, { max: 1, applicationName: 'opora-fuzz' });
  const accounts: Account[] = [];
  const serviceIds: string[] = [];
  const careRequestIds: string[] = [];
  const providerIds: string[] = [];
  const facilityIds: string[] = [];
  const contactIds: string[] = [];
  const imageKeys: string[] = [];
  try {
    // The provider roles are colleagues at one provider, whose id and requests the dictionaries offer,
    // so the inbox's operations answer its records, not only 404.
    const inbox = await factories.createProvider(handle.db);
    for (const role of signedInRoles) {
      const password = `Fuzz-${randomBytes(8).toString('hex')}`;
      const email = `fuzz-${role.toLowerCase()}-${randomBytes(3).toString('hex')}@opora.test`;
      const realmRoles = role === 'assistant' || role === 'admin' ? ['client', role] : ['client'];
      const identity = await factories.createIdentityUser(handle.db, { email, password, realmRoles });
      const user = await factories.createUser(handle.db, {
        identitySubject: identity.id,
        email: identity.email,
      });
      if (role === 'providerAdmin' || role === 'providerCoordinator' || role === 'providerUser') {
        await handle.db
          .insert(providerUsers)
          .values({ providerId: inbox.id, userId: user.id, roles: [role] });
      }
      accounts.push({ role, email: identity.email, password });
    }
    const provider = await factories.createProvider(handle.db);
    const facility = await factories.createFacility(handle.db, { providerId: provider.id });
    for (const [counties, status, serviceTypeCode] of [
      [['CZ0100'], 'active', 'home-care-service'],
      [['CZ0642', 'CZ0643'], 'active', 'home-nursing'],
      [['SK0101'], 'active', 'personal-assistance'],
      [['CZ0100'], 'draft', 'respite-care'],
    ] as const) {
      const service = await factories.createFacilityService(handle.db, {
        facilityId: facility.id,
        counties: [...counties],
        status,
        serviceTypeCode,
      });
      serviceIds.push(service.id);
    }
    const inboxFacility = await factories.createFacility(handle.db, { providerId: inbox.id });
    const inboxService = await factories.createFacilityService(handle.db, {
      facilityId: inboxFacility.id,
      counties: ['CZ0100'],
    });
    // The provider roles' own services (a listed one and a draft), so the provider's service and
    // capacity operations answer them too, not only 404.
    const inboxDraft = await factories.createFacilityService(handle.db, {
      facilityId: inboxFacility.id,
      counties: ['CZ0100'],
      status: 'draft',
    });
    serviceIds.push(inboxService.id, inboxDraft.id);
    for (let index = 0; index < 3; index += 1) {
      const client = await factories.createClient(handle.db);
      const careCase = await factories.createCase(handle.db, {
        clientId: client.id,
        ownerUserId: client.ownerUserId,
      });
      const request = await factories.createCareRequest(handle.db, {
        caseId: careCase.id,
        facilityServiceId: inboxService.id,
      });
      careRequestIds.push(request.id);
    }
    providerIds.push(inbox.id);
    facilityIds.push(inboxFacility.id);
    // A contact of the provider and one of its facility (the profile's contact operations).
    const made = await handle.db
      .insert(contacts)
      .values([
        { providerId: inbox.id, firstName: 'Lenka', lastName: 'Fuzzová', type: 'public' as const },
        { facilityId: inboxFacility.id, firstName: 'Petr', lastName: 'Fuzz', type: 'private' as const },
      ])
      .returning({ id: contacts.id });
    contactIds.push(...made.map((row) => row.id));
    // A stored image (the inbox provider's logo), so the image proxy and its stored images answer 200.
    const logo = Buffer.from(fuzzLogoPng, 'base64');
    const key = createHash('sha256').update(logo).digest('hex');
    await handle.db.insert(storedImages).values({
      key,
      contentType: 'image/png',
      width: 64,
      height: 64,
      sizeBytes: logo.byteLength,
      content: logo,
    });
    await handle.db.$client.query('update providers set logo_image_key = $1, logo_url = $2 where id = $3', [
      key,
      `${storedImagePathPrefix}${key}`,
      inbox.id,
    ]);
    imageKeys.push(key);
  } finally {
    await handle.close();
  }
  const codes = async (table: string) =>
    (await benchDb.queryRows<{ value: string }>(databaseUrl, `select code as value from ${table}`)).map(
      (row) => row.value,
    );
  const ids = async (table: string) =>
    (await benchDb.queryRows<{ value: string }>(databaseUrl, `select id::text as value from ${table}`)).map(
      (row) => row.value,
    );
  const dictionaries = {
    'service-ids': serviceIds,
    'provider-ids': providerIds,
    'care-request-ids': careRequestIds,
    'facility-ids': facilityIds,
    'contact-ids': contactIds,
    'image-keys': imageKeys,
    'image-urls': imageKeys.map((key) => `${storedImagePathPrefix}${key}`),
    regions: await codes('regions'),
    counties: await codes('counties'),
    'service-types': await ids('service_types'),
    'service-categories': await ids('service_categories'),
  };
  // libFuzzer dictionary files: one quoted value per line.
  for (const [name, values] of Object.entries(dictionaries)) {
    writeFileSync(
      path.join(reportDir, `${name}.dict`),
      `${values.map((value) => `"${value}"`).join('\n')}\n`,
    );
  }
  return accounts;
}

/** A 64 × 64 PNG: the logo of the fuzz run's provider. */
const fuzzLogoPng =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsOtjNcMZ0Qi+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQE' +
  'BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgvFPnEtVGJWMgAAAABJRU5ErkJggg==';

const tokenPath = '/realms/opora/protocol/openid-connect/token';

function passwordGrant(account: Account): string {
  return new URLSearchParams({
    grant_type: 'password',
    client_id: 'web',
    username: account.email,
    password: account.password,
    scope: 'profile email',
  }).toString();
}

async function signIn(origin: string, account: Account): Promise<string> {
  const response = await fetch(`${origin}${tokenPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: passwordGrant(account),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`sign-in of the ${account.role} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

const authFile = path.join(reportDir, 'auth.json');

/**
 * A Web Fuzzing Commons auth file (`st run --auth-wfc`): per role, a sign-in at the token endpoint that
 * Schemathesis repeats as tokens age, and (`<role>-token`) an access token already held. Given as auth
 * rather than a header, Schemathesis also leaves it out where it tests a request without one.
 */
function writeAuthFile(accounts: Account[], heldTokens: Partial<Record<SignedInRole, string>>): void {
  const auth = accounts.flatMap((account) => [
    {
      name: account.role,
      loginEndpointAuth: {
        endpoint: tokenPath,
        verb: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        payloadRaw: passwordGrant(account),
        token: {
          extractFrom: 'body',
          extractSelector: '/access_token',
          sendIn: 'header',
          sendName: 'Authorization',
          sendTemplate: 'Bearer {token}',
        },
      },
    },
    ...(heldTokens[account.role]
      ? [
          {
            name: `${account.role}-token`,
            fixedHeaders: [{ name: 'Authorization', value: `Bearer ${heldTokens[account.role]}` }],
          },
        ]
      : []),
  ]);
  writeFileSync(authFile, JSON.stringify({ schemaVersion: '0.1.0', auth }, null, 2));
}

interface Figures {
  operations: number;
  examples: number;
  failures: number;
  /** Schemathesis' own errors (a schema it cannot use, a crash): they fail the run too. */
  errors: number;
  seconds: number;
  ok: boolean;
}

/** The figures of `st run`'s summary (its last section). */
export function parseFigures(output: string): Omit<Figures, 'seconds' | 'ok'> {
  const summary = output.slice(output.lastIndexOf(' SUMMARY '));
  const number = (pattern: RegExp) => Number(pattern.exec(summary)?.[1] ?? 0);
  return {
    operations: number(/^\s*Tested:\s*(\d+)/m),
    examples: number(/^\s*(\d+) generated/m),
    failures: number(/(\d+) unique failures?/),
    errors: [...summary.matchAll(/^\s*🚫 .*: (\d+)$/gm)].reduce(
      (total, match) => total + Number(match[1]),
      0,
    ),
  };
}

function schemathesis(args: string[]): Promise<{ exitCode: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(st, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, output }));
  });
}

/** One `st run` over the selected operations; its output goes to `.test-data/fuzz/<name>.log`. */
async function fuzz(
  origin: string,
  name: string,
  user: string | undefined,
  select: string[],
  budget: { phases: string; maxExamples: number },
) {
  const started = performance.now();
  const { exitCode, output } = await schemathesis([
    '--config-file',
    configFile,
    'run',
    `${origin}/api/docs/json`,
    '--checks',
    'all',
    '--phases',
    budget.phases,
    '--max-examples',
    String(budget.maxExamples),
    // `pnpm test` draws the same examples every time; `pnpm fuzz` explores (its seed is in the log).
    ...(quick ? ['--seed', '20261124'] : []),
    // One worker: Python 3.11's `ast` is not thread-safe, and Hypothesis parses lambdas with it.
    '--workers',
    '1',
    '--no-color',
    ...select,
    ...(user ? ['--auth-wfc', authFile, '--auth-wfc-user', user] : []),
  ]);
  writeFileSync(path.join(reportDir, `${name}.log`), output);
  const figures = parseFigures(output);
  const ok = exitCode === 0 && figures.failures === 0 && figures.errors === 0;
  if (!ok) console.log(output.slice(output.indexOf('=====')));
  return { ...figures, seconds: (performance.now() - started) / 1000, ok };
}

function describe(figures: Figures | undefined): string {
  if (!figures) return '';
  return `${figures.examples} examples, ${figures.failures} failures (${figures.seconds.toFixed(1)} s)`;
}

function sum(parts: Figures[]): Figures {
  return parts.reduce(
    (total, part) => ({
      operations: total.operations + part.operations,
      examples: total.examples + part.examples,
      failures: total.failures + part.failures,
      errors: total.errors + part.errors,
      seconds: total.seconds + part.seconds,
      ok: total.ok && part.ok,
    }),
    { operations: 0, examples: 0, failures: 0, errors: 0, seconds: 0, ok: true },
  );
}

async function main(): Promise<number> {
  const started = performance.now();
  ensureSchemathesis();
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'opora-fuzz-'));
  const benchDb = await import('@opora/db/bench');
  const database = await benchDb.openBenchDatabase({ databaseUrl: process.env.DATABASE_URL, tempDir });
  let server: BenchServer | undefined;
  const results: [string, Figures][] = [];
  try {
    // The server starts (a Node process loading the API) while the accounts and records are made.
    const starting = startProductionApi(
      {
        DATA_DIR: tempDir,
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
      },
      readyTimeoutMs,
    );
    const [made, started] = await Promise.allSettled([prepareData(database.url, benchDb), starting]);
    if (started.status === 'fulfilled') server = started.value;
    if (made.status === 'rejected') throw made.reason;
    if (started.status === 'rejected') throw started.reason;
    const accounts = made.value;
    const origin = started.value.origin;
    console.log(
      `Schemathesis ${schemathesisVersion}, ${maxExamples} examples per operation as its owners ` +
        `(${otherMaxExamples}, ${otherPhases} only, as every other role), API at ${origin}`,
    );
    console.log(`(${database.description})`);
    // Tokens held for the last operations, by role; the file always lists every one held so far, so
    // a run started meanwhile reads what it needs.
    const held: Partial<Record<SignedInRole, string>> = {};
    writeAuthFile(accounts, held);
    // Last and on a token held from before: a wrong current password counts towards the identity
    // server's brute-force lockout (no more sign-ins), and a deleted account has no operations left.
    const lastOperations: OperationId[] = ['changePassword', 'deleteCurrentUser'];
    const small = { phases: otherPhases, maxExamples: otherMaxExamples };
    const full = { phases: 'examples,coverage,fuzzing', maxExamples };
    /**
     * A role's own operations on the full budget, then the others on the small one; with `--operation`,
     * only those (a run with nothing selected is skipped: no `--include-operation-id` means all).
     */
    const fuzzOwnedAndOthers = async (name: string, user: string | undefined, allOthers: OperationId[]) => {
      const others = allOthers.filter(isSelected);
      const skip = [...allOthers, ...(user ? lastOperations : [])];
      const owned = operationIds.filter(
        (operationId) => !skip.includes(operationId) && isSelected(operationId),
      );
      return [
        ...(owned.length > 0
          ? [
              await fuzz(
                origin,
                name,
                user,
                onlyOperations.length > 0 ? including(owned) : excluding(skip),
                full,
              ),
            ]
          : []),
        ...(others.length > 0 ? [await fuzz(origin, `${name}-others`, user, including(others), small)] : []),
      ];
    };
    const fuzzGuest = async (): Promise<Figures> =>
      sum(await fuzzOwnedAndOthers('guest', undefined, othersOf('guest')));
    const fuzzRole = async (account: Account): Promise<Figures> => {
      const others = othersOf(account.role).filter((operationId) => !lastOperations.includes(operationId));
      const parts = await fuzzOwnedAndOthers(account.role, account.role, others);
      held[account.role] = await signIn(origin, account);
      writeAuthFile(accounts, held);
      const owned = ownedBy(account.role);
      for (const operationId of lastOperations.filter(isSelected)) {
        parts.push(
          await fuzz(
            origin,
            `${account.role}-${operationId}`,
            `${account.role}-token`,
            including([operationId]),
            owned.includes(operationId) ? full : small,
          ),
        );
      }
      return sum(parts);
    };
    // The roles owning the most operations first, so the two lanes end about together.
    const allRuns: [string, () => Promise<Figures>][] = [
      ...accounts.map((account): [string, () => Promise<Figures>] => [account.role, () => fuzzRole(account)]),
      ['guest', fuzzGuest] as [string, () => Promise<Figures>],
    ].sort(([a], [b]) => ownedBy(b as Caller).length - ownedBy(a as Caller).length);
    const runs = allRuns.filter(([name]) => onlyRoles.length === 0 || onlyRoles.includes(name));
    // Each role has accounts of its own, so roles run side by side: Schemathesis (one Python thread)
    // and the API each keep a core busy.
    const finished = new Map<string, Figures>();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrentRoles }, async () => {
        for (let run = runs[next++]; run; run = runs[next++]) {
          const [name, start] = run;
          const figures = await start();
          finished.set(name, figures);
          console.log(`${name}: ${describe(figures)}`);
        }
      }),
    );
    for (const name of ['guest', ...signedInRoles]) {
      const figures = finished.get(name);
      if (figures) results.push([name, figures]);
    }
  } finally {
    await server?.stop();
    await database.close();
    await rm(tempDir, { recursive: true, force: true });
  }
  const total = sum(results.map(([, figures]) => figures));
  console.log('\nrole                operations  examples  failures  errors  seconds');
  for (const [role, figures] of [...results, ['all roles', total] as const]) {
    console.log(
      role.padEnd(20) +
        String(figures.operations).padStart(10) +
        String(figures.examples).padStart(10) +
        String(figures.failures).padStart(10) +
        String(figures.errors).padStart(8) +
        figures.seconds.toFixed(1).padStart(9),
    );
  }
  console.log(
    `\n${total.ok ? 'No failures' : 'FAILURES'} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      '(Schemathesis output per run: .test-data/fuzz/*.log)',
  );
  return total.ok ? 0 : 1;
}

if (import.meta.main) process.exitCode = await main();
