import { emailOutbox } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { listDevMail } from '../dev-mail/list-messages.ts';
import { testConfig } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait-for.ts';
import type { JobsOptions } from './jobs.ts';
import { emailDeliveryQueue, type OutgoingMail } from './mail.ts';
import { type SmtpTestListener, startSmtpTestListener } from './testing/smtp-test-listener.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The app as the server builds it (workers on unless `env` says otherwise), ready. */
async function startApp(env: Record<string, string> = {}, jobs?: JobsOptions): Promise<App> {
  const app = await buildApp({ config: testConfig(env), db: database.db, ...(jobs && { jobs }) });
  await app.ready();
  return app;
}

/** Queues the message as a use case does: in a transaction of its own. */
const queue = (app: App, mail: OutgoingMail) => app.db.transaction((tx) => app.mailer.queue(tx, mail));

async function outboxRow(id: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

const sentRow = (id: string, timeoutMs?: number) =>
  waitFor(
    'the outbox row to be sent',
    async () => {
      const row = await outboxRow(id);
      return row?.status === 'sent' ? row : undefined;
    },
    { timeoutMs },
  );

/**
 * A retry is not announced (no NOTIFY): a worker takes it at its next idle poll, up to
 * `notifyPollingIntervalSeconds` (10 s) later, more on a loaded machine.
 */
const retryPickupMs = 40_000;

const link = 'http://localhost:3000/reset-password?token=q3Yx0Zb2mE8vJQy7n1cW4kT9sLrA6uHdPfGiXoBe5Vw';
type ResetMail = Extract<OutgoingMail, { template: 'password-reset' }>;
const reset = (locale: OutgoingMail['locale'], to = 'jana@example.cz'): ResetMail => ({
  to,
  locale,
  template: 'password-reset',
  params: { link, validHours: 1 },
});

describe('delivery over SMTP', () => {
  let smtp: SmtpTestListener;
  let app: App;

  beforeAll(async () => {
    smtp = await startSmtpTestListener();
    app = await startApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Opora <no-reply@opora.test>' });
  });

  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends a queued message to a real SMTP server once, UTF-8 intact, and then keeps only its subject', async () => {
    expect(app.mailer.transport).toBe('smtp');
    const id = await queue(app, reset('cs', 'marie.dvorakova@example.cz'));

    const row = await sentRow(id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      params: { subject: 'Obnovení hesla' },
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    // The link is gone from the database once the message left.
    expect(JSON.stringify(row.params)).not.toContain(link);

    const received = smtp.received.filter((message) => message.to.includes('marie.dvorakova@example.cz'));
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@opora.test');
    expect(received[0]?.subject).toBe('Obnovení hesla');
    expect(received[0]?.text).toContain(link);
    expect(received[0]?.text).toContain('Odkaz platí 1 hodinu a lze jej použít jen jednou.');
    expect(received[0]?.html).toContain(`href="${link}"`);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const rolledBack = new Error('the use case failed after queuing');
    await expect(
      app.db.transaction(async (tx) => {
        await app.mailer.queue(tx, reset('en', 'never-sent@example.cz'));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const probe = await queue(app, reset('en', 'sent-after@example.cz'));
    await sentRow(probe);
    expect(smtp.received.some((message) => message.to.includes('never-sent@example.cz'))).toBe(false);
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'never-sent@example.cz')),
    ).toEqual([]);
  });
});

describe('a delivery the SMTP server refuses', () => {
  it('is retried with backoff and lands once', { timeout: 120_000 }, async () => {
    const smtp = await startSmtpTestListener({ refuseFirst: 2 });
    // pg-boss's clock, moved by hand: retries come only when their backoff has passed. It starts an
    // hour ahead so a job sent now is due at once.
    const clock = new TestClock(Date.now() + 3_600_000);
    const app = await startApp({ SMTP_URL: smtp.url }, { clock });
    try {
      const id = await queue(app, reset('en', 'greylisted@example.cz'));
      await waitFor('the first refusal', async () =>
        (await outboxRow(id))?.attempts === 1 ? true : undefined,
      );
      expect(await outboxRow(id)).toMatchObject({ status: 'pending', lastError: 'EENVELOPE 451' });

      // Not before its backoff (retryDelaySeconds, doubling with jitter)...
      await clock.tick(emailDeliveryQueue.policy.retryDelaySeconds * 250);
      expect((await outboxRow(id))?.attempts).toBe(1);
      // ...then again, refused once more, and the third attempt delivers. The outbox row records a
      // refusal before pg-boss schedules the retry, so a single jump of the clock could land before
      // the retry's time is set (and the retry would then wait past it): time moves on a backoff at a
      // time until the next attempt has happened.
      const step = () => clock.tick(emailDeliveryQueue.policy.retryDelaySeconds * 1000);
      await waitFor(
        'the second refusal',
        async () => {
          if ((await outboxRow(id))?.attempts === 2) return true;
          await step();
          return undefined;
        },
        { timeoutMs: retryPickupMs, intervalMs: 250 },
      );
      const row = await waitFor(
        'the delivery',
        async () => {
          const current = await outboxRow(id);
          if (current?.status === 'sent') return current;
          await step();
          return undefined;
        },
        { timeoutMs: retryPickupMs, intervalMs: 250 },
      );
      expect(row).toMatchObject({ attempts: 3, lastError: null });
      expect(smtp.refused).toBe(2);
      expect(smtp.received.filter((message) => message.to.includes('greylisted@example.cz'))).toHaveLength(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('a process that stops between the commit and the delivery', () => {
  it('loses no e-mail: the job waits in the database until a worker starts', async () => {
    const smtp = await startSmtpTestListener();
    // An API replica without workers commits the message, then stops before anything sends it.
    const api = await startApp({ SMTP_URL: smtp.url, JOBS_WORKER: 'false' });
    const id = await queue(api, reset('sk', 'after-restart@example.cz'));
    await api.close();
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(smtp.received).toEqual([]);

    const worker = await startApp({ SMTP_URL: smtp.url });
    try {
      await sentRow(id);
      expect(smtp.received.map((message) => message.to)).toEqual([['after-restart@example.cz']]);
    } finally {
      await worker.close();
      await smtp.close();
    }
  });
});

describe('outbox transport', () => {
  it('records each message as sent, newest first in the development mailbox', async () => {
    const app = await startApp();
    try {
      expect(app.mailer.transport).toBe('outbox');
      await sentRow(await queue(app, reset('en', 'first@example.cz')));
      await sentRow(await queue(app, reset('sk', 'second@example.cz')));

      const [row] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'first@example.cz'));
      expect(row).toMatchObject({ status: 'sent', template: 'password-reset', locale: 'en', attempts: 1 });
      expect(row?.sentAt).toBeInstanceOf(Date);

      const messages = await listDevMail(database.db);
      expect(messages.map((message) => message.to).slice(0, 2)).toEqual([
        'second@example.cz',
        'first@example.cz',
      ]);
      expect(messages[0]).toMatchObject({ subject: 'Obnovenie hesla', links: [link] });
      expect(messages[0]?.html).toContain('<html lang="sk">');
    } finally {
      await app.close();
    }
  });
});
