/**
 * `pnpm keycloak`: real Keycloak in the foreground on KEYCLOAK_PORT (default 8080), realm `opora`
 * imported from keycloak/realm-export.json (demo accounts included), its database kept in
 * `$DATA_DIR/keycloak` between runs. Ctrl+C or SIGTERM stops it with all its processes. Then
 *
 *   IDENTITY_URL=http://localhost:8080 pnpm start
 *
 * runs Opora with the production identity set-up on one machine, without Docker.
 * `pnpm keycloak --fresh` forgets the database first (the realm is imported again from the file).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startKeycloak } from './keycloak-server.ts';

const port = Number(process.env.KEYCLOAK_PORT ?? 8080);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`KEYCLOAK_PORT must be a port number, not ${process.env.KEYCLOAK_PORT}`);
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data', 'keycloak');
if (process.argv.includes('--fresh')) await rm(dataDir, { recursive: true, force: true });

const appOrigin = new URL(process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;
const keycloak = await startKeycloak({ port, dataDir, webOrigin: appOrigin, inheritOutput: true });
console.log(
  `\nKeycloak ${keycloak.version} is ready: ${keycloak.url} (admin console: admin / admin-dev-only)\n` +
    `Run Opora against it: IDENTITY_URL=${keycloak.url} pnpm start\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('keycloak: stopping…');
    void keycloak.stop().then(() => process.exit(0));
  });
}
const code = await keycloak.exited;
if (!stopping) {
  console.error(`keycloak: exited by itself (${code})`);
  process.exit(code ?? 1);
}
