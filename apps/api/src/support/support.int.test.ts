import type { SupportMessage, SupportMessageList } from '@opora/contracts';
import { staffAuditLog, supportMessages } from '@opora/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  type SignedInAccount,
  someClientAddress,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';
import { deleteExpiredSupportMessages } from './support-retention.ts';

// Issue 25 §4 (decision 0124): contact-form messages kept for the support inbox, assigned, answered by
// e-mail from the console, closed, deleted a year later; every step audited.

let server: AccountTestServer;
let staff: SignedInAccount;
let colleague: SignedInAccount;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: 10 } });
  staff = await server.signedIn({
    realmRoles: ['client', 'admin'],
    firstName: 'Petra',
    lastName: 'Podpůrná',
  });
  colleague = await server.signedIn({
    realmRoles: ['client', 'admin'],
    firstName: 'Karel',
    lastName: 'Kolega',
  });
});

afterAll(async () => {
  await server.close();
});

let sequence = 0;

/** Someone writes through the contact form; answers the stored message's id. */
async function written(text = 'Dobrý den,\nhledám odlehčovací službu pro tatínka v Jeseníku.') {
  const email = `pisatel-${Date.now()}-${++sequence}@example.cz`;
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/web/contact',
    payload: { firstName: 'Věra', lastName: 'Černá', email, text },
    remoteAddress: someClientAddress(),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  const [row] = await server.database.db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.email, email));
  if (!row) throw new Error('the message was not kept');
  return { id: row.id, email };
}

const api = (account: SignedInAccount | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: account?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

describe('the support inbox', () => {
  it('keeps a contact-form message, and staff take it, answer it by e-mail in the sender’s language and close it', async () => {
    const { id, email } = await written();
    const list = await api(staff, 'GET', '/support-messages');
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json<SupportMessageList>().items.find((entry) => entry.id === id);
    expect(item).toMatchObject({
      name: 'Věra Černá',
      email,
      preview: 'Dobrý den, hledám odlehčovací službu pro tatínka v Jeseníku.',
      status: 'open',
      assignedTo: null,
      mine: false,
      repliesCount: 0,
    });

    const assigned = await api(staff, 'POST', `/support-messages/${id}/assign`);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<SupportMessage>()).toMatchObject({
      status: 'assigned',
      assignedTo: { name: 'Petra Podpůrná' },
    });

    expect(
      (await api(staff, 'POST', `/support-messages/${id}/replies`, { text: '', locale: 'cs' })).statusCode,
    ).toBe(400);
    expect(
      (await api(staff, 'POST', `/support-messages/${id}/replies`, { text: 'a\u0000b', locale: 'cs' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api(staff, 'POST', `/support-messages/${id}/replies`, { text: 'x', locale: 'de' })).statusCode,
    ).toBe(400);
    const replied = await api(staff, 'POST', `/support-messages/${id}/replies`, {
      text: 'Dobrý den, v Jeseníku doporučujeme <b>Odlehčovací službu Sever</b>.',
      locale: 'en',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<SupportMessage>()).toMatchObject({
      status: 'answered',
      replies: [{ by: 'Petra Podpůrná', locale: 'en' }],
    });
    const mail = (await server.mailbox()).find((message) => message.to === email);
    expect(mail?.subject).toBe('A reply from the Opora team');
    expect(mail?.text).toContain('Odlehčovací službu Sever');
    expect(mail?.text).toContain('> hledám odlehčovací službu pro tatínka v Jeseníku.');
    // Quoted and staff's text alike are text in the HTML, never markup.
    expect(mail?.html).toContain('&lt;b&gt;Odlehčovací službu Sever&lt;/b&gt;');

    const closed = await api(colleague, 'POST', `/support-messages/${id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<SupportMessage>()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const late = await api(staff, 'POST', `/support-messages/${id}/replies`, {
      text: 'Ještě…',
      locale: 'cs',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SupportMessageClosed' });
    expect((await api(staff, 'POST', `/support-messages/${id}/close`)).statusCode).toBe(200);

    const audit = await server.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.recordId, id));
    expect(audit.map((entry) => entry.action)).toEqual([
      'support-message-assigned',
      'support-message-answered',
      'support-message-closed',
    ]);
    expect(audit[2]).toMatchObject({ actorUserId: colleague.userId, recordLabel: 'Věra Černá' });
    const active = (await api(staff, 'GET', '/support-messages')).json<SupportMessageList>();
    expect(active.items.some((entry) => entry.id === id)).toBe(false);
    const closedList = (
      await api(staff, 'GET', '/support-messages?status=closed')
    ).json<SupportMessageList>();
    expect(closedList.items.some((entry) => entry.id === id)).toBe(true);
  });

  it('sends one e-mail per reply however many arrive at once, and a colleague can take a message over', async () => {
    const { id, email } = await written();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api(index % 2 === 0 ? staff : colleague, 'POST', `/support-messages/${id}/replies`, {
          text: `Odpověď ${index}`,
          locale: 'cs',
        }),
      ),
    );
    expect(replies.every((response) => response.statusCode === 201)).toBe(true);
    const message = (await api(staff, 'GET', `/support-messages/${id}`)).json<SupportMessage>();
    expect(message.replies).toHaveLength(12);
    const mails = (await server.mailbox()).filter((entry) => entry.to === email);
    expect(mails).toHaveLength(12);
    // The first replier got it; a colleague takes it over.
    const taken = await api(colleague, 'POST', `/support-messages/${id}/assign`);
    expect(taken.json<SupportMessage>()).toMatchObject({
      status: 'answered',
      assignedTo: { name: 'Karel Kolega' },
    });
  });

  it('deletes closed messages a year after closing, and no others', async () => {
    const old = await written('Stará zpráva');
    const recent = await written('Nová zpráva');
    const open = await written('Otevřená zpráva');
    const db = server.database.db;
    await db
      .update(supportMessages)
      .set({ status: 'closed', closedAt: new Date('2025-10-01T00:00:00Z') })
      .where(eq(supportMessages.id, old.id));
    await db
      .update(supportMessages)
      .set({ status: 'closed', closedAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(supportMessages.id, recent.id));
    await deleteExpiredSupportMessages(db, new Date('2026-12-03T00:00:00Z'));
    const left = await db.select({ id: supportMessages.id }).from(supportMessages);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toEqual(expect.arrayContaining([recent.id, open.id]));
  });

  it('is for platform administrators only', async () => {
    const { id } = await written();
    const assistant = await server.signedIn({ realmRoles: ['client', 'assistant'] });
    const client = await server.signedIn();
    for (const account of [assistant, client]) {
      expect((await api(account, 'GET', '/support-messages')).statusCode).toBe(403);
      expect((await api(account, 'GET', `/support-messages/${id}`)).statusCode).toBe(403);
    }
    expect((await api(undefined, 'GET', '/support-messages')).statusCode).toBe(401);
    expect(
      (await api(staff, 'GET', '/support-messages/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});
