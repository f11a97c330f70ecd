// No Docker engine runs on CI machines, so the compose files are validated against the Compose schema
// (dclint) and invariants of our own instead of being started: docker-compose.yml (development stack),
// docker-compose.prod.yml (production overlay, checked as compose merges it) and the Keycloak realm
// files both import.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CollectionTag, parse, type ScalarTag } from 'yaml';
import { demoDomain, parseRealm, realmProblems, withoutDemoUsers } from './check-realm.ts';
import { keycloakVersion } from './keycloak-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const baseFile = 'docker-compose.yml';
const productionFile = 'docker-compose.prod.yml';
const realmImportPath = '/opt/keycloak/data/import/realm-export.json';

// Style-only rules (ordering, quoting) say nothing about whether the stack starts.
const styleRules = [
  'service-keys-order',
  'services-alphabetical-order',
  'top-level-properties-order',
  'service-image-require-explicit-tag',
  'require-quotes-in-ports',
  'service-ports-alphabetical-order',
  'require-project-name-field',
  'no-unbound-port-interfaces',
  'service-dependencies-alphabetical-order',
];
// An overlay swaps the base file's image for a build by resetting it (`image: !reset null`).
const overlayRules = ['no-build-and-image'];

/** Compose's merge tags: `!reset` removes the base value, `!override` replaces it instead of merging. */
const reset = { compose: 'reset' } as const;
class Override {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}
const customTags: (ScalarTag | CollectionTag)[] = [
  { tag: '!reset', resolve: () => reset },
  { tag: '!override', collection: 'seq', resolve: (node) => new Override(node.toJSON()) },
  { tag: '!override', collection: 'map', resolve: (node) => new Override(node.toJSON()) },
];

type Service = {
  image?: string;
  build?: { context?: string; dockerfile?: string } | string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, unknown>;
  profiles?: string[];
};
type Compose = { services: Record<string, Service> };

function load(file: string): Compose {
  return parse(readFileSync(path.join(root, file), 'utf8'), { customTags }) as Compose;
}

function lint(file: string, extraRules: string[] = []): void {
  const dclint = path.join(root, 'node_modules', '.bin', 'dclint');
  execFileSync(
    dclint,
    [path.join(root, file), '--disable-rule', ...styleRules, ...extraRules, '--color', 'false'],
    {
      stdio: 'inherit',
    },
  );
}

const mountTarget = (volume: string) => volume.split(':')[1] ?? '';

/** Compose's merge of one service: mappings merge by key, mounts by target, other values are replaced. */
function mergeService(base: Service = {}, overlay: Service): Service {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay) as [keyof Service, unknown][]) {
    if (value === reset) delete merged[key];
    else if (value instanceof Override) merged[key] = value.value;
    else if (key === 'environment' || key === 'depends_on') {
      merged[key] = { ...(base[key] as object | undefined), ...(value as object) };
    } else if (key === 'volumes') {
      const replaced = new Set((value as string[]).map(mountTarget));
      merged[key] = [
        ...(base.volumes ?? []).filter((volume) => !replaced.has(mountTarget(volume))),
        ...(value as string[]),
      ];
    } else merged[key] = value;
  }
  return merged as Service;
}

function merge(base: Compose, overlay: Compose): Compose {
  const services: Record<string, Service> = { ...base.services };
  for (const [name, service] of Object.entries(overlay.services))
    services[name] = mergeService(base.services[name], service);
  return { services };
}

function structureProblems(compose: Compose, label: string): string[] {
  const problems: string[] = [];
  for (const name of ['postgres', 'keycloak', 'api']) {
    if (!compose.services[name]) problems.push(`${label}: service ${name} is missing`);
  }
  for (const [name, service] of Object.entries(compose.services)) {
    for (const dependency of Object.keys(service.depends_on ?? {})) {
      if (!compose.services[dependency])
        problems.push(`${label}: ${name} depends on unknown service ${dependency}`);
    }
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0] ?? '';
      if (source.startsWith('./') && !existsSync(path.join(root, source))) {
        problems.push(`${label}: ${name} mounts ${source}, which does not exist`);
      }
    }
    if (!service.image && !service.build) problems.push(`${label}: ${name} has neither image nor build`);
    if (typeof service.build === 'object' && service.build.context !== undefined) {
      const dockerfile = path.join(root, service.build.context, service.build.dockerfile ?? 'Dockerfile');
      if (!existsSync(dockerfile))
        problems.push(`${label}: ${name} builds from ${dockerfile}, which does not exist`);
    }
  }
  return problems;
}

/** The realm file a compose file's Keycloak imports. */
function importedRealm(compose: Compose): string | undefined {
  const mount = compose.services.keycloak?.volumes?.find((volume) => mountTarget(volume) === realmImportPath);
  return mount?.split(':')[0];
}

/**
 * `${NAME:?message}`: compose refuses to start when it is unset or empty. A bare `${NAME}` would start
 * with an empty value, and Keycloak then accepts an empty client secret (tried on 26.7.3).
 */
const required = (value: string | undefined) =>
  value !== undefined && /^\$\{[A-Z0-9_]+:\?[^}]*\}$/.test(value);

/** The variable an interpolation reads and its default (`${NAME:-default}`), or the literal value. */
function sourceOf(value: string | undefined): string | undefined {
  const match = value?.match(/^\$\{([A-Z0-9_]+)(?::-([^}]*))?(?::\?[^}]*)?\}$/);
  return match ? `${match[1]} default ${match[2] ?? 'none'}` : value;
}

function identityProblems(compose: Compose, label: string, production: boolean): string[] {
  const problems: string[] = [];
  const keycloak = compose.services.keycloak?.environment ?? {};
  const api = compose.services.api?.environment ?? {};
  for (const variable of [
    'IDENTITY_URL',
    'IDENTITY_INTERNAL_URL',
    'IDENTITY_ADMIN_CLIENT_SECRET',
    'SMTP_URL',
  ]) {
    if (!api[variable]) problems.push(`${label}: api needs ${variable}`);
  }
  // One variable feeds both sides of the service-account secret, so they cannot drift apart.
  if (
    keycloak.OPORA_API_CLIENT_SECRET === undefined ||
    sourceOf(keycloak.OPORA_API_CLIENT_SECRET) !== sourceOf(api.IDENTITY_ADMIN_CLIENT_SECRET)
  ) {
    problems.push(`${label}: keycloak OPORA_API_CLIENT_SECRET and api IDENTITY_ADMIN_CLIENT_SECRET differ`);
  }
  if (sourceOf(api.IDENTITY_URL) !== sourceOf(keycloak.KC_HOSTNAME)) {
    problems.push(`${label}: api IDENTITY_URL must be Keycloak's KC_HOSTNAME (the token issuer)`);
  }
  if (keycloak.KC_HOSTNAME_BACKCHANNEL_DYNAMIC !== 'true' && api.IDENTITY_INTERNAL_URL !== api.IDENTITY_URL) {
    problems.push(`${label}: the API's internal identity URL needs KC_HOSTNAME_BACKCHANNEL_DYNAMIC=true`);
  }
  const realmFile = importedRealm(compose);
  if (!realmFile) problems.push(`${label}: keycloak imports no realm at ${realmImportPath}`);
  const command = compose.services.keycloak?.command ?? [];
  if (!command.includes('--import-realm')) problems.push(`${label}: keycloak must start with --import-realm`);
  if (!production) return problems;

  if (command[0] !== 'start' || !command.includes('--optimized')) {
    problems.push(`${label}: keycloak must run \`start --optimized\` in production`);
  }
  if (realmFile?.includes('production') !== true) {
    problems.push(`${label}: keycloak must import the production realm (no demo accounts)`);
  }
  const secrets: [string, string | undefined][] = [
    ['keycloak KC_DB_PASSWORD', keycloak.KC_DB_PASSWORD],
    ['keycloak KC_BOOTSTRAP_ADMIN_PASSWORD', keycloak.KC_BOOTSTRAP_ADMIN_PASSWORD],
    ['keycloak KC_HOSTNAME', keycloak.KC_HOSTNAME],
    ['keycloak OPORA_API_CLIENT_SECRET', keycloak.OPORA_API_CLIENT_SECRET],
    ['api IDENTITY_ADMIN_CLIENT_SECRET', api.IDENTITY_ADMIN_CLIENT_SECRET],
    ['api TEST_GATEWAY_SECRET', api.TEST_GATEWAY_SECRET],
    ['api PUBLIC_URL', api.PUBLIC_URL],
    ['postgres POSTGRES_PASSWORD', compose.services.postgres?.environment?.POSTGRES_PASSWORD],
  ];
  for (const [name, value] of secrets) {
    if (!required(value)) problems.push(`${label}: ${name} must come from the environment with no default`);
  }
  if (api.SEED_DEMO !== 'false') problems.push(`${label}: api must not seed demo data in production`);
  return problems;
}

/**
 * Development, production and the Keycloak the tests run (`pnpm keycloak`, from Maven Central) must be
 * the same release: what the tests prove about Keycloak then holds for the deployed one.
 */
function keycloakVersionProblems(base: Compose, production: Compose): string[] {
  const problems: string[] = [];
  const developmentImage = base.services.keycloak?.image;
  const testedImage = `quay.io/keycloak/keycloak:${keycloakVersion}`;
  if (developmentImage !== testedImage)
    problems.push(
      `${baseFile}: keycloak image ${developmentImage} differs from the release the tests run (${testedImage}, scripts/keycloak-server.ts)`,
    );
  const build = production.services.keycloak?.build;
  if (typeof build !== 'object' || build.context === undefined) return problems;
  const dockerfile = path.join(root, build.context, build.dockerfile ?? 'Dockerfile');
  if (!existsSync(dockerfile)) return problems;
  const images = [...readFileSync(dockerfile, 'utf8').matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]);
  for (const image of images)
    if (image !== developmentImage)
      problems.push(
        `${dockerfile}: FROM ${image} differs from ${baseFile}'s keycloak image ${developmentImage}`,
      );
  return problems;
}

function realmFileProblems(base: Compose, production: Compose): string[] {
  const problems: string[] = [];
  const files = new Map<string, boolean>();
  const developmentRealm = importedRealm(base);
  const productionRealm = importedRealm(production);
  if (developmentRealm) files.set(developmentRealm, false);
  if (productionRealm) files.set(productionRealm, true);
  const parsed = new Map<string, ReturnType<typeof parseRealm>>();
  for (const [file, isProduction] of files) {
    try {
      const realm = parseRealm(readFileSync(path.join(root, file), 'utf8'));
      parsed.set(file, realm);
      for (const problem of realmProblems(realm, { production: isProduction }))
        problems.push(`${file}: ${problem}`);
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  const development = developmentRealm && parsed.get(developmentRealm);
  const productionParsed = productionRealm && parsed.get(productionRealm);
  if (development && productionParsed) {
    if (JSON.stringify(withoutDemoUsers(development)) !== JSON.stringify(productionParsed)) {
      problems.push(
        `${productionRealm} must equal ${developmentRealm} without the ${demoDomain} users; copy the change over`,
      );
    }
  }
  return problems;
}

function main(): void {
  lint(baseFile);
  lint(productionFile, overlayRules);
  const base = load(baseFile);
  const production = merge(base, load(productionFile));
  const problems = [
    ...structureProblems(base, baseFile),
    ...structureProblems(production, `${baseFile} + ${productionFile}`),
    ...identityProblems(base, baseFile, false),
    ...identityProblems(production, `${baseFile} + ${productionFile}`, true),
    ...realmFileProblems(base, production),
    ...keycloakVersionProblems(base, production),
  ];
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log(
    `${baseFile} and ${productionFile}: valid against the Compose schema; services, dependencies, mounts, ` +
      'identity settings and both Keycloak realm files check out.',
  );
}

main();
