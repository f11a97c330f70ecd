import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keycloakAdminToken, keycloakTarget } from '../../../testing/keycloak.ts';
import {
  type Check,
  type CheckContext,
  checks,
  type SharedUsers,
  sharedUserKeys,
  sharedUserSpecs,
} from './checks.ts';
import { documentedDifferences, fixedDifferences } from './known-differences.ts';
import { differences, type Observation, summary } from './observe.ts';
import {
  consoleTable,
  counts,
  type Row,
  reportFile,
  sideSummaries,
  spuriousLine,
  writeMarkdown,
} from './report.ts';
import {
  type AdminRequest,
  embeddedTarget,
  type FixtureUser,
  type FixtureUserSpec,
  keycloakRealmLifetimes,
  keycloakTargetOf,
  shortRealmSettings,
  type Target,
} from './targets.ts';

// The embedded issuer and the real Keycloak 26.7.3, check by check (checks.ts): each check runs on both
// servers, its normalised observations are compared, and every difference must be listed in
// known-differences.ts (documented) — or it fails the suite, as does a listed difference that no longer
// differs. Time-dependent checks run with short lifetimes on both servers (`shortLifetimes`): a second
// embedded server with those realm settings, and Keycloak's realm changed through the Admin REST API
// (and restored afterwards), waited for in real time; the embedded servers' test clocks jump instead.

const kc = keycloakTarget();
const startedAt = Date.now();
const rows: Row[] = [];

type Side = { target: Target; context: CheckContext };
let embedded: Side;
let keycloak: Side;
let embeddedShort: Side;
let keycloakShort: Side;
let keycloakAdmin: AdminRequest;
const closers: (() => Promise<void>)[] = [];

function context(
  target: Target,
  users: SharedUsers,
  foreignAccessToken: () => Promise<string>,
): CheckContext {
  let certKids: Promise<Set<string>> | undefined;
  return {
    t: target,
    users,
    user: (key: string, spec?: FixtureUserSpec) => target.createUser(key, spec),
    certKids: () => {
      certKids ??= target
        .request(target.certsUrl)
        .then(
          (response) =>
            new Set(((response.json?.keys ?? []) as { kid?: string }[]).map((key) => String(key.kid))),
        );
      return certKids;
    },
    foreignAccessToken,
  };
}

async function sharedUsers(target: Target): Promise<SharedUsers> {
  const entries = await Promise.all(
    sharedUserKeys.map(async (key) => [key, await target.createUser(key, sharedUserSpecs[key])] as const),
  );
  return Object.fromEntries(entries) as Record<keyof SharedUsers, FixtureUser>;
}

/** The short-lifetime phase creates its own users in every check; the shared ones are not there. */
const noSharedUsers = new Proxy({} as SharedUsers, {
  get: (_target, key) => {
    throw new Error(`shared user ${String(key)} is not available with short lifetimes`);
  },
});

beforeAll(async () => {
  const [main, short, real] = await Promise.all([
    embeddedTarget(kc.webOrigin),
    embeddedTarget(kc.webOrigin, { realm: shortRealmSettings() }),
    keycloakTargetOf(kc),
  ]);
  closers.push(main.close, short.close, real.close);
  keycloakAdmin = real.adminRequest;
  const [mainUsers, keycloakUsers] = await Promise.all([sharedUsers(main), sharedUsers(real)]);
  // Another issuer's valid access token: the short embedded server's (other keys and port) for the
  // embedded one, the master realm's (other realm and keys) for Keycloak.
  let foreign: Promise<string> | undefined;
  const shortServerToken = () => {
    foreign ??= short.createUser('foreign').then(async (user) => {
      const response = await short.post(short.tokenUrl, {
        client_id: 'web',
        grant_type: 'password',
        username: user.email,
        password: user.password,
      });
      return String(response.json?.access_token);
    });
    return foreign;
  };
  embedded = { target: main, context: context(main, mainUsers, shortServerToken) };
  keycloak = { target: real, context: context(real, keycloakUsers, () => keycloakAdminToken(kc)) };
  embeddedShort = { target: short, context: context(short, noSharedUsers, shortServerToken) };
  keycloakShort = { target: real, context: context(real, noSharedUsers, () => keycloakAdminToken(kc)) };
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
  const seconds = (Date.now() - startedAt) / 1000;
  const spuriousRefusals = [
    ...(keycloak?.target.spuriousRefusals ?? []),
    ...(embedded?.target.spuriousRefusals ?? []),
  ];
  writeMarkdown(rows, { keycloakVersion: kc.version, seconds, spuriousRefusals });
  console.log(
    `\n${consoleTable(rows, kc.version)}\n${spuriousLine(spuriousRefusals)}\n\nwritten to ${reportFile} (${seconds.toFixed(0)} s)\n`,
  );
});

async function observe(side: Side, check: Check): Promise<Observation | Error> {
  try {
    return await check.run(side.context);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function compare(check: Check, left: Side, right: Side): Promise<void> {
  // Independent servers: both sides run at once (Keycloak's real waits dominate the run time).
  const [fromEmbedded, fromKeycloak] = await Promise.all([observe(left, check), observe(right, check)]);
  judge(check, fromEmbedded, fromKeycloak);
}

/** Compares one check's two observations, adds its row, and fails on undocumented or stale differences. */
function judge(check: Check, fromEmbedded: Observation | Error, fromKeycloak: Observation | Error): void {
  if (fromEmbedded instanceof Error || fromKeycloak instanceof Error) {
    const message = (value: Observation | Error) =>
      value instanceof Error ? `error: ${value.message}` : summary(value);
    rows.push({
      id: check.id,
      title: check.title,
      embedded: message(fromEmbedded),
      keycloak: message(fromKeycloak),
      verdict: 'FAILED',
      differences: [],
    });
    throw fromEmbedded instanceof Error ? fromEmbedded : fromKeycloak;
  }
  const found = differences(fromEmbedded, fromKeycloak);
  const documented = documentedDifferences.filter((entry) => entry.check === check.id);
  const fixed = fixedDifferences.filter((entry) => entry.check === check.id);
  const covered = (path: string) =>
    documented.some((entry) =>
      entry.paths.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
    );
  const undocumented = found.filter((difference) => !covered(difference.path));
  const stale = documented.filter(
    (entry) =>
      !found.some((difference) =>
        entry.paths.some((prefix) => difference.path === prefix || difference.path.startsWith(`${prefix}.`)),
      ),
  );
  const verdict: Row['verdict'] =
    undocumented.length > 0
      ? 'DIFFERENT'
      : stale.length > 0
        ? 'STALE'
        : found.length > 0
          ? 'documented'
          : fixed.length > 0
            ? 'fixed'
            : 'same';
  const note = [
    ...(verdict === 'documented' || verdict === 'STALE' ? documented.map((entry) => entry.reason) : []),
    ...(verdict !== 'DIFFERENT' ? fixed.map((entry) => `Fixed: ${entry.fix}`) : []),
  ].join(' ');
  rows.push({
    id: check.id,
    title: check.title,
    ...sideSummaries({ embedded: summary(fromEmbedded), keycloak: summary(fromKeycloak) }, found),
    verdict,
    differences: found,
    ...(note ? { note } : {}),
  });

  expect(undocumented, `${check.id}: differences not in known-differences.ts`).toEqual([]);
  expect(
    stale.map((entry) => entry.paths),
    `${check.id}: documented differences that no longer differ (remove them)`,
  ).toEqual([]);
  check.sanity?.(fromEmbedded);
  check.sanity?.(fromKeycloak);
}

describe('embedded issuer vs Keycloak, realm lifetimes as exported', () => {
  for (const check of checks.filter((candidate) => candidate.phase === 'main')) {
    it(`${check.id} ${check.title}`, () => compare(check, embedded, keycloak));
  }
});

describe('embedded issuer vs Keycloak, short lifetimes (real time on Keycloak)', () => {
  // Each check has users of its own, so on Keycloak they all run at once and the phase takes as long
  // as its longest check; on the embedded server they share one test clock and run one after another
  // (instantly, the clock jumps).
  const shortChecks = checks.filter((candidate) => candidate.phase === 'short');
  const runs = new Map<string, Promise<[Observation | Error, Observation | Error]>>();
  beforeAll(async () => {
    await keycloakRealmLifetimes(keycloakAdmin, true);
    const onKeycloak = new Map(shortChecks.map((check) => [check.id, observe(keycloakShort, check)]));
    const onEmbedded = (async () => {
      const observed = new Map<string, Observation | Error>();
      for (const check of shortChecks) observed.set(check.id, await observe(embeddedShort, check));
      return observed;
    })();
    for (const check of shortChecks) {
      runs.set(
        check.id,
        Promise.all([
          onEmbedded.then((observed) => observed.get(check.id) ?? new Error('not run')),
          onKeycloak.get(check.id) ?? Promise.resolve(new Error('not run')),
        ]),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(runs.values());
    await keycloakRealmLifetimes(keycloakAdmin, false);
  });
  for (const check of shortChecks) {
    it(`${check.id} ${check.title}`, async () => {
      const [fromEmbedded, fromKeycloak] = (await runs.get(check.id)) ?? [
        new Error('not run'),
        new Error('not run'),
      ];
      judge(check, fromEmbedded, fromKeycloak);
    }, 60_000);
  }
});

it('known-differences.ts names existing checks only, and no check failed', () => {
  const ids = new Set(checks.map((check) => check.id));
  expect(
    [...documentedDifferences, ...fixedDifferences].map((entry) => entry.check).filter((id) => !ids.has(id)),
  ).toEqual([]);
  expect(counts(rows).failing).toBe(0);
});
