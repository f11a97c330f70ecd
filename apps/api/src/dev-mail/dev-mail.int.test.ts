import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DevMailMessageSchema } from '@opora/contracts';
import { emailOutbox } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app.ts';
import type { OutgoingMail } from '../platform/mail.ts';
import { testConfig } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait-for.ts';

let database: TestDatabase;
let distDir: string;

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  database = await createTestDatabase();
  // A built web app, so a swallowed /dev/mail would show as its index.html.
  distDir = await mkdtemp(path.join(os.tmpdir(), 'opora-web-dist-'));
  await writeFile(path.join(distDir, 'index.html'), indexHtml);
});

afterAll(async () => {
  await database.close();
  await rm(distDir, { recursive: true, force: true });
});

async function withApp(env: Record<string, string>, run: (app: App) => Promise<void>) {
  const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir, ...env }), db: database.db });
  await app.ready();
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';

/** Queues the e-mail as a use case does and waits until the delivery worker sent it. */
async function deliver(app: App, mail: OutgoingMail): Promise<void> {
  const id = await app.db.transaction((tx) => app.mailer.queue(tx, mail));
  await waitFor('the e-mail to be delivered', async () => {
    const [row] = await app.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    return row?.status === 'sent' ? true : undefined;
  });
}

describe('development mailbox with the outbox transport', () => {
  it('lists delivered e-mails newest first as JSON and as a page with clickable links', async () => {
    await withApp({}, async (app) => {
      expect(app.mailer.transport).toBe('outbox');
      await deliver(app, {
        to: 'older@example.cz',
        locale: 'cs',
        template: 'email-confirmation',
        params: { link: 'http://localhost:3000/confirm-email?token=xyz', validDays: 7 },
      });
      await deliver(app, {
        to: 'newer@example.cz',
        locale: 'en',
        template: 'password-reset',
        params: { link, validHours: 1 },
      });

      const json = await app.inject({ method: 'GET', url: '/api/v1/dev/mail' });
      expect(json.statusCode).toBe(200);
      expect(json.headers['cache-control']).toBe('no-store');
      const messages = z.array(DevMailMessageSchema).parse(json.json());
      expect(messages.map((message) => message.to).slice(0, 2)).toEqual([
        'newer@example.cz',
        'older@example.cz',
      ]);
      expect(messages[0]).toMatchObject({ subject: 'Reset your password', links: [link] });
      expect(messages[0]?.text).toContain(link);
      expect(messages[0]?.html).toContain(`href="${link}"`);

      const page = await app.inject({ method: 'GET', url: '/dev/mail', headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).not.toBe(indexHtml);
      expect(page.body).toContain(`<a href="${link}">${link}</a>`);
      expect(page.body.indexOf('newer@example.cz')).toBeLessThan(page.body.indexOf('older@example.cz'));
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    });
  });

  it('escapes what it shows', async () => {
    await withApp({}, async (app) => {
      await deliver(app, {
        to: 'x@example.cz',
        locale: 'en',
        template: 'password-reset',
        params: {
          link: 'http://localhost:3000/reset-password?token="><script>alert(1)</script>',
          validHours: 1,
        },
      });
      const page = await app.inject({ method: 'GET', url: '/dev/mail', headers: html });
      expect(page.body).not.toContain('<script>alert(1)</script>');
    });
  });

  it('is documented in the OpenAPI document (the JSON list only)', async () => {
    await withApp({}, async (app) => {
      const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(document.paths)).toContain('/api/v1/dev/mail');
      expect(Object.keys(document.paths)).not.toContain('/dev/mail');
    });
  });
});

describe.each([
  ['an SMTP server is configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
  [
    'NODE_ENV=production',
    {
      NODE_ENV: 'production',
      IDENTITY_ADMIN_CLIENT_SECRET: 'a-production-secret-of-length',
      TEST_GATEWAY_SECRET: 'a-production-gateway-secret',
    },
  ],
])('when %s', (_name, env) => {
  it('answers 404 for both addresses, and the web app does not take over /dev/mail', async () => {
    await withApp(env, async (app) => {
      const json = await app.inject({ method: 'GET', url: '/api/v1/dev/mail' });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toMatchObject({ code: 'RouteNotFound' });
      const page = await app.inject({ method: 'GET', url: '/dev/mail', headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toBe(indexHtml);
    });
  });
});
