import { ValidationProblemSchema } from '@opora/contracts';
import { emailOutbox } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { someClientAddress } from '../accounts/testing/account-test-server.ts';
import { type App, buildApp } from '../app.ts';
import { captureLogs, testConfig } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait-for.ts';
import { contactRateLimit } from './routes.ts';

let database: TestDatabase;
let app: App;
const logs = captureLogs();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ SUPPORT_EMAIL: 'podpora-test@opora.test' }),
    db: database.db,
    logger: logs.logger,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const message = {
  firstName: 'Věra',
  lastName: 'Černá',
  email: 'vera.cerna@example.cz',
  text: 'Dobrý den,\nhledám <b>odlehčovací</b> službu pro tatínka v Jeseníku.',
};

function send(payload: unknown, remoteAddress = someClientAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/web/contact',
    payload: payload as object,
    remoteAddress,
  });
}

describe('POST /api/v1/web/contact', () => {
  it('e-mails the message to the support address with the sender as Reply-To, and logs neither', async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    // Queued, then sent by the delivery worker.
    const mail = await waitFor('the message in the development mailbox', async () => {
      const mailbox = await app.inject({ method: 'GET', url: '/api/v1/dev/mail' });
      return mailbox.json<{ to: string; subject: string; text: string; html: string }[]>()[0];
    });
    expect(mail?.to).toBe('podpora-test@opora.test');
    expect(mail?.subject).toBe('Zpráva z kontaktního formuláře: Věra Černá');
    expect(mail?.text).toContain('Věra Černá <vera.cerna@example.cz>');
    expect(mail?.text).toContain('hledám <b>odlehčovací</b> službu');
    expect(mail?.html).toContain('hledám &lt;b&gt;odlehčovací&lt;/b&gt; službu');
    const [row] = await database.db
      .select({ params: emailOutbox.params, template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'podpora-test@opora.test'));
    expect(row).toMatchObject({ template: 'contact-message', params: { replyTo: 'vera.cerna@example.cz' } });

    const logged = logs.lines.join('\n');
    expect(logged).toContain('contact message queued');
    expect(logged).not.toContain('vera.cerna');
    expect(logged).not.toContain('tatínka');
  });

  it('refuses missing and malformed fields with a validation problem naming each field', async () => {
    const response = await send({ firstName: '', lastName: 'Černá', email: 'vera@', text: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: { property: string }[] }>();
    expect(body.code).toBe('ValidationFailed');
    expect(body.errors.map((error) => error.property).toSorted()).toEqual(['email', 'firstName', 'text']);
    const tooLong = await send({ ...message, text: 'a'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses NUL, broken UTF-16 and bidi overrides in names with a validation problem, and sends nothing', async () => {
    const outboxSize = async () => (await database.db.select({ n: count() }).from(emailOutbox))[0]?.n;
    const before = await outboxSize();
    const hostile: [Partial<typeof message>, string][] = [
      [{ firstName: 'V\u0000ěra' }, 'firstName'],
      [{ text: 'Dobrý den\u0000' }, 'text'],
      [{ lastName: 'Černá\uD800' }, 'lastName'],
      [{ text: '\uDC00 hledám službu' }, 'text'],
      [{ lastName: '\u202Eáneč' }, 'lastName'],
      [{ firstName: 'Věra\u2066' }, 'firstName'],
    ];
    for (const [fields, property] of hostile) {
      const response = await send({ ...message, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(ValidationProblemSchema.parse(response.json()).errors).toEqual([
        expect.objectContaining({ property, instructions: 'validation:unsupportedCharacters' }),
      ]);
    }
    expect(await outboxSize()).toBe(before);
  });

  it('answers a megabyte of text with 400 under the body limit and 413 over it, never 5xx', async () => {
    const megabyte = await send({ ...message, text: 'a'.repeat(1_000_000) });
    expect(megabyte.statusCode).toBe(400);
    expect(ValidationProblemSchema.parse(megabyte.json()).errors).toEqual([
      expect.objectContaining({ property: 'text', instructions: 'validation:maxLength' }),
    ]);
    const nuls = await send({ ...message, text: '\u0000'.repeat(1_000_000) });
    expect(nuls.statusCode).toBe(413);
    expect(nuls.json()).toMatchObject({ status: 413, code: 'PayloadTooLarge' });
  });

  it(`allows ${contactRateLimit.max} messages per address in ten minutes, then answers 429`, async () => {
    const address = someClientAddress();
    for (let index = 0; index < contactRateLimit.max; index++) {
      expect((await send(message, address)).statusCode).toBe(204);
    }
    const limited = await send(message, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RateLimited' });
    expect((await send(message)).statusCode).toBe(204);
  });
});
