// No Docker engine runs on CI machines, so docker-compose.yml is validated against the Compose
// schema (dclint) and a few invariants of our own instead of being started.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'docker-compose.yml');

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

function main(): void {
  const dclint = path.join(root, 'node_modules', '.bin', 'dclint');
  execFileSync(dclint, [file, '--disable-rule', ...styleRules, '--color', 'false'], { stdio: 'inherit' });

  type Service = {
    image?: string;
    build?: unknown;
    volumes?: string[];
    depends_on?: Record<string, unknown>;
  };
  const compose = parse(readFileSync(file, 'utf8')) as { services: Record<string, Service> };
  const problems: string[] = [];
  for (const name of ['postgres', 'mailpit', 'keycloak', 'api']) {
    if (!compose.services[name]) problems.push(`service ${name} is missing`);
  }
  for (const [name, service] of Object.entries(compose.services)) {
    for (const dependency of Object.keys(service.depends_on ?? {})) {
      if (!compose.services[dependency]) problems.push(`${name} depends on unknown service ${dependency}`);
    }
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0] ?? '';
      if (source.startsWith('./')) {
        try {
          readFileSync(path.join(root, source));
        } catch {
          problems.push(`${name} mounts ${source}, which does not exist`);
        }
      }
    }
  }
  if (problems.length) {
    for (const problem of problems) console.error(`docker-compose.yml: ${problem}`);
    process.exit(1);
  }
  console.log(
    'docker-compose.yml: valid against the Compose schema; services, dependencies and mounts resolve.',
  );
}

main();
