import {
  careRequestEvents,
  careRequests,
  facilityAssignments,
  identityUsers,
  providerUsers,
  users,
} from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
} from '@opora/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  buildAppWithRefusedIdentityAdmin,
  type SignedInAccount,
  someClientAddress,
  startAccountTestServer,
} from '../accounts/testing/account-test-server.ts';

let server: AccountTestServer;

// A pool smaller than the bursts below: they queue for connections as on a busy server.
beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: 4 }, env: { RATE_LIMIT_MAX: '100000' } });
});

afterAll(async () => {
  await server.close();
});

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++sequence}@example.cz`;
const invitationPath = '/provider/invitation';

interface Team {
  providerId: string;
  facilityId: string;
  otherFacilityId: string;
  admin: SignedInAccount & { providerUserId: string };
}

/** A provider with two facilities and its administrator, signed in. */
async function team(providerName?: string): Promise<Team> {
  const db = server.database.db;
  const provider = await createProvider(db, providerName ? { name: providerName } : {});
  const facility = await createFacility(db, { providerId: provider.id, name: 'Centrum Vršovice' });
  const otherFacility = await createFacility(db, { providerId: provider.id, name: 'Centrum Žižkov' });
  const admin = await server.signedIn();
  const [membership] = await db
    .insert(providerUsers)
    .values({ providerId: provider.id, userId: admin.userId, roles: ['providerAdmin'] })
    .returning({ id: providerUsers.id });
  return {
    providerId: provider.id,
    facilityId: facility.id,
    otherFacilityId: otherFacility.id,
    admin: { ...admin, providerUserId: membership?.id ?? '' },
  };
}

/** A registered member of the provider with the roles given, signed in. */
async function member(
  providerId: string,
  roles: ('providerAdmin' | 'providerCoordinator' | 'providerUser')[],
) {
  const account = await server.signedIn();
  const [row] = await server.database.db
    .insert(providerUsers)
    .values({ providerId, userId: account.userId, roles })
    .returning({ id: providerUsers.id });
  return { ...account, providerUserId: row?.id ?? '' };
}

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  server.app.inject({
    method,
    url,
    headers,
    remoteAddress: someClientAddress(),
    ...(payload && { payload }),
  });

const usersUrl = (providerId: string, providerUserId?: string) =>
  `/api/v1/provider/providers/${providerId}/users${providerUserId ? `/${providerUserId}` : ''}`;

function invite(
  t: Team,
  email: string,
  extra: { roles?: string[]; facilityIds?: string[]; locale?: string } = {},
  headers = t.admin.headers,
) {
  return call(headers, 'POST', usersUrl(t.providerId), {
    email,
    roles: ['providerUser'],
    facilityIds: [t.facilityId],
    locale: 'cs',
    ...extra,
  });
}

const lookUp = (token: string) => call({}, 'POST', '/api/v1/web/provider-invitations/lookup', { token });
const accept = (headers: Record<string, string>, token: string) =>
  call(headers, 'POST', '/api/v1/web/provider-invitations/accept', { token });
const signUpForm = (email: string, token: string) => ({
  token,
  firstName: 'Tomáš',
  lastName: 'Krátký',
  email,
  phone: '+420 603 222 333',
  password: 'dlouhé heslo 7',
  privacyPolicy: true,
});
const signUpWith = (body: object, app = server.app) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/web/provider-invitations/sign-up',
    remoteAddress: someClientAddress(),
    payload: body,
  });

async function invitationToken(email: string): Promise<string> {
  const token = await server.linkToken(email, invitationPath);
  if (!token) throw new Error(`No invitation e-mailed to ${email}`);
  return token;
}

async function membershipsOf(providerId: string, email: string) {
  return server.database.db
    .select({ id: providerUsers.id, userId: providerUsers.userId, roles: providerUsers.roles })
    .from(providerUsers)
    .leftJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(
        eq(providerUsers.providerId, providerId),
        sql`(lower(${providerUsers.inviteEmail}) = ${email} or lower(${users.email}) = ${email})`,
      ),
    );
}

describe('invitations', () => {
  it('invites an address, e-mails a link in the chosen language, and the invitee registers and joins', async () => {
    const t = await team();
    const email = uniqueEmail('pracovnik');
    const invited = await invite(t, email, { locale: 'en' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email,
      registered: false,
      roles: ['providerUser'],
      facilities: [{ id: t.facilityId, name: 'Centrum Vršovice' }],
      lastSignInAt: null,
      inviteExpired: false,
    });
    // No identity account until the invitee accepts.
    expect(
      await server.database.db.select().from(identityUsers).where(eq(identityUsers.email, email)),
    ).toHaveLength(0);

    const mail = (await server.mailbox()).find((message) => message.to === email);
    expect(mail?.subject).toMatch(/^Invitation to the .* team on Opora$/);
    const token = await invitationToken(email);

    const view = await lookUp(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ email, roles: ['providerUser'], locale: 'en', accountExists: false });

    const joined = await signUpWith(signUpForm(email, token));
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ providerId: t.providerId });
    // The invitation's link proved the address: no confirmation e-mail follows, nothing asks for one,
    // and the identity server holds it confirmed too.
    expect((await server.mailbox()).filter((message) => message.to === email)).toHaveLength(1);
    const [identity] = await server.database.db
      .select({ emailVerified: identityUsers.emailVerified })
      .from(identityUsers)
      .where(eq(identityUsers.email, email));
    expect(identity?.emailVerified).toBe(true);

    const { accessToken } = await server.signIn(email, 'dlouhé heslo 7');
    // The web app reads the current user right after signing in: that is the recorded sign-in.
    const me = await call(bearer(accessToken), 'GET', '/api/v1/web/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, emailConfirmationPending: false });
    const memberships = await call(bearer(accessToken), 'GET', '/api/v1/provider/memberships');
    expect(memberships.json().items).toMatchObject([
      { providerId: t.providerId, roles: ['providerUser'], facilities: [{ id: t.facilityId }] },
    ]);

    const list = await call(t.admin.headers, 'GET', usersUrl(t.providerId));
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((item: { email: string }) => item.email === email);
    expect(row).toMatchObject({
      firstName: 'Tomáš',
      lastName: 'Krátký',
      registered: true,
      inviteExpiresAt: null,
    });
    expect(row.invitedAt).not.toBeNull();
    expect(row.lastSignInAt).not.toBeNull();

    // The link is used: it opens nothing any more, and accepting it again as the member changes nothing.
    expect((await lookUp(token)).json()).toMatchObject({ code: 'InvalidOrExpiredToken' });
    const again = await accept(bearer(accessToken), token);
    expect(again.statusCode, again.body).toBe(200);
    expect(await membershipsOf(t.providerId, email)).toHaveLength(1);
  });

  it('refuses a second invitation of the same address beside the e-mail field, whatever its case', async () => {
    const t = await team();
    const email = uniqueEmail('dvakrat');
    expect((await invite(t, email)).statusCode).toBe(201);
    const second = await invite(t, email.toUpperCase());
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'ProviderInviteEmailAlreadyAssigned',
      errors: [{ property: 'email', code: 'ProviderInviteEmailAlreadyAssigned' }],
    });
    // A member's sign-in address is the team's already, too.
    const colleague = await member(t.providerId, ['providerCoordinator']);
    const ofMember = await invite(t, colleague.email);
    expect(ofMember.json()).toMatchObject({ code: 'ProviderInviteEmailAlreadyAssigned' });
  });

  it('answers a burst of invitations of one address with one 201 and 409s, leaving one invitation', async () => {
    const t = await team();
    const second = await member(t.providerId, ['providerAdmin']);
    const email = uniqueEmail('naraz');
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        invite(t, email, {}, index % 2 === 0 ? t.admin.headers : second.headers),
      ),
    );
    const statuses = burst.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    expect(await membershipsOf(t.providerId, email)).toHaveLength(1);
    const [pending] = await membershipsOf(t.providerId, email);
    expect(
      await server.database.db
        .select()
        .from(facilityAssignments)
        .where(eq(facilityAssignments.providerUserId, pending?.id ?? '')),
    ).toHaveLength(1);
    const mails = (await server.mailbox()).filter((message) => message.to === email);
    expect(mails).toHaveLength(1);
  });

  it('lets an address with an account sign in and accept, once however often it is sent', async () => {
    const t = await team();
    const existing = await server.signedIn({ email: uniqueEmail('pecujici-sestra') });
    expect(
      (await invite(t, existing.email.toUpperCase(), { roles: ['providerCoordinator'] })).statusCode,
    ).toBe(201);
    const token = await invitationToken(existing.email);
    expect((await lookUp(token)).json()).toMatchObject({ accountExists: true });

    // Registering the address again is refused: it has an account.
    const registered = await signUpWith(signUpForm(existing.email, token));
    expect(registered.statusCode).toBe(409);
    expect(registered.json()).toMatchObject({ code: 'NotUniqueValidator', errors: [{ property: 'email' }] });

    // Someone else's account cannot take it.
    const stranger = await server.signedIn();
    expect((await accept(stranger.headers, token)).statusCode).toBe(403);

    const accepts = await Promise.all(Array.from({ length: 6 }, () => accept(existing.headers, token)));
    expect(accepts.map((response) => response.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
    const rows = await membershipsOf(t.providerId, existing.email);
    expect(rows).toMatchObject([{ userId: existing.userId, roles: ['providerCoordinator'] }]);
  });

  it('refuses an expired link, and registering through it leaves no account behind', async () => {
    const t = await team();
    const email = uniqueEmail('pozde');
    expect((await invite(t, email)).statusCode).toBe(201);
    const token = await invitationToken(email);
    await server.database.db
      .update(providerUsers)
      .set({ inviteExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(providerUsers.inviteEmail, email));
    expect((await lookUp(token)).json()).toMatchObject({ code: 'InvalidOrExpiredToken' });
    const joined = await signUpWith(signUpForm(email, token));
    expect(joined.statusCode).toBe(400);
    expect(joined.json()).toMatchObject({ code: 'InvalidOrExpiredToken' });
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(
      await server.database.db.select().from(identityUsers).where(eq(identityUsers.email, email)),
    ).toHaveLength(0);

    // The list says so; a resend gives a new link that works, and the old one stays dead.
    const list = await call(t.admin.headers, 'GET', usersUrl(t.providerId));
    const row = list.json().items.find((item: { email: string }) => item.email === email);
    expect(row).toMatchObject({ inviteExpired: true, registered: false });
    const resent = await call(
      t.admin.headers,
      'POST',
      `${usersUrl(t.providerId, row.providerUserId)}/invitation`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ inviteExpired: false });
    const fresh = await invitationToken(email);
    expect(fresh).not.toBe(token);
    expect((await lookUp(token)).statusCode).toBe(400);
    expect((await signUpWith(signUpForm(email, fresh))).statusCode).toBe(201);
  });

  it('refuses a revoked link', async () => {
    const t = await team();
    const email = uniqueEmail('odvolany');
    const invited = await invite(t, email);
    const token = await invitationToken(email);
    const revoked = await call(
      t.admin.headers,
      'DELETE',
      usersUrl(t.providerId, invited.json().providerUserId),
    );
    expect(revoked.statusCode).toBe(204);
    expect((await lookUp(token)).statusCode).toBe(400);
    expect((await signUpWith(signUpForm(email, token))).statusCode).toBe(400);
    expect(await membershipsOf(t.providerId, email)).toHaveLength(0);
  });

  it('leaves the invitation open and no account when the identity server refuses the registration', async () => {
    const t = await team();
    const email = uniqueEmail('bez-identity');
    expect((await invite(t, email)).statusCode).toBe(201);
    const token = await invitationToken(email);
    const refusing = await buildAppWithRefusedIdentityAdmin(server);
    try {
      const joined = await signUpWith(signUpForm(email, token), refusing);
      expect(joined.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await refusing.close();
    }
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await lookUp(token)).statusCode).toBe(200);
  });

  it('puts hostile names and addresses into the e-mail as text', async () => {
    const t = await team('<img src=x onerror=alert(1)> & "Péče"');
    const email = `o'brien+${Date.now()}@example.cz`;
    expect((await invite(t, email)).statusCode).toBe(201);
    const mail = (await server.mailbox()).find((message) => message.to === email);
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const token = await invitationToken(email);
    const joined = await signUpWith({
      ...signUpForm(email, token),
      firstName: '<script>alert(1)</script>',
    });
    // The name rules refuse markup in a name, as a sign-up does.
    expect(joined.statusCode).toBe(400);
    const hostile = await invite(t, '<script>@example.cz');
    expect(hostile.statusCode).toBe(400);
  });
});

describe('roles and facilities', () => {
  it('assigns only facilities of the provider: refused by the API beside the field and by the database', async () => {
    const t = await team();
    const other = await team();
    const worker = await member(t.providerId, ['providerUser']);
    const foreign = await call(t.admin.headers, 'PUT', usersUrl(t.providerId, worker.providerUserId), {
      roles: ['providerUser'],
      facilityIds: [other.facilityId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: [{ property: 'facilityIds' }] });
    const invited = await invite(t, uniqueEmail('cizi'), { facilityIds: [other.facilityId] });
    expect(invited.statusCode).toBe(400);
    expect(invited.json()).toMatchObject({ errors: [{ property: 'facilityIds' }] });

    // Another provider's member in this provider's path: not found.
    const stranger = await call(t.admin.headers, 'PUT', usersUrl(t.providerId, other.admin.providerUserId), {
      roles: ['providerUser'],
      facilityIds: [],
    });
    expect(stranger.statusCode).toBe(404);

    // The database itself refuses a member of one provider in a facility of another.
    await expect(
      server.database.db.insert(facilityAssignments).values({
        providerId: t.providerId,
        facilityId: other.facilityId,
        providerUserId: worker.providerUserId,
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'facility_assignments_facility_fk' } });
    await expect(
      server.database.db.insert(facilityAssignments).values({
        providerId: other.providerId,
        facilityId: other.facilityId,
        providerUserId: worker.providerUserId,
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'facility_assignments_provider_user_fk' } });

    const assigned = await call(t.admin.headers, 'PUT', usersUrl(t.providerId, worker.providerUserId), {
      roles: ['providerUser', 'providerCoordinator'],
      facilityIds: [t.otherFacilityId, t.facilityId],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      roles: ['providerUser', 'providerCoordinator'],
      facilities: [{ name: 'Centrum Vršovice' }, { name: 'Centrum Žižkov' }],
    });
  });

  it('keeps the last administrator: neither demoted nor removed, even by two administrators at once', async () => {
    const t = await team();
    const demoted = await call(t.admin.headers, 'PUT', usersUrl(t.providerId, t.admin.providerUserId), {
      roles: ['providerCoordinator'],
      facilityIds: [],
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toMatchObject({ code: 'ProviderLastAdministrator' });
    expect(
      (await call(t.admin.headers, 'DELETE', usersUrl(t.providerId, t.admin.providerUserId))).json(),
    ).toMatchObject({ code: 'ProviderLastAdministrator' });
    // A pending invitation as administrator does not count: it may never be accepted.
    expect((await invite(t, uniqueEmail('admin'), { roles: ['providerAdmin'] })).statusCode).toBe(201);
    expect(
      (await call(t.admin.headers, 'DELETE', usersUrl(t.providerId, t.admin.providerUserId))).statusCode,
    ).toBe(409);

    const second = await member(t.providerId, ['providerAdmin']);
    const [one, two] = await Promise.all([
      call(t.admin.headers, 'PUT', usersUrl(t.providerId, second.providerUserId), {
        roles: ['providerUser'],
        facilityIds: [],
      }),
      call(second.headers, 'PUT', usersUrl(t.providerId, t.admin.providerUserId), {
        roles: ['providerUser'],
        facilityIds: [],
      }),
    ]);
    // One wins; the other is refused: as the last administrator (409), or as no administrator any more
    // when its call began after the first had finished (403).
    const statuses = [one.statusCode, two.statusCode].toSorted();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await server.database.db
      .select({ id: providerUsers.id })
      .from(providerUsers)
      .where(
        and(
          eq(providerUsers.providerId, t.providerId),
          sql`'providerAdmin' = any(${providerUsers.roles})`,
          sql`${providerUsers.userId} is not null`,
        ),
      );
    expect(admins).toHaveLength(1);
  });

  it('is for the provider’s administrators: its other members 403, another provider’s 404', async () => {
    const t = await team();
    const other = await team();
    const coordinator = await member(t.providerId, ['providerCoordinator']);
    expect((await call(coordinator.headers, 'GET', usersUrl(t.providerId))).statusCode).toBe(403);
    expect((await invite(t, uniqueEmail('x'), {}, coordinator.headers)).statusCode).toBe(403);
    expect((await call(other.admin.headers, 'GET', usersUrl(t.providerId))).statusCode).toBe(404);
    expect(
      (await call(other.admin.headers, 'DELETE', usersUrl(t.providerId, coordinator.providerUserId)))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.admin.headers, 'DELETE', usersUrl(t.providerId, other.admin.providerUserId))).statusCode,
    ).toBe(404);
  });
});

describe('removal', () => {
  it('returns the member’s open requests to the facility’s queue with an event, keeps the rest, and locks them out', async () => {
    const db = server.database.db;
    const t = await team();
    const worker = await member(t.providerId, ['providerUser']);
    await db
      .insert(facilityAssignments)
      .values({ providerId: t.providerId, facilityId: t.facilityId, providerUserId: worker.providerUserId });
    const service = await createFacilityService(db, { facilityId: t.facilityId });
    const client = await createClient(db);
    const newCase = () => createCase(db, { clientId: client.id, ownerUserId: client.ownerUserId });
    const open = await createCareRequest(db, {
      caseId: (await newCase()).id,
      facilityServiceId: service.id,
      assigneeProviderUserId: worker.providerUserId,
      assigneeFacilityId: t.facilityId,
    });
    const inProgress = await createCareRequest(db, {
      caseId: (await newCase()).id,
      facilityServiceId: service.id,
      statusCode: 'in-progress',
      assigneeProviderUserId: worker.providerUserId,
    });
    const closed = await createCareRequest(db, {
      caseId: (await newCase()).id,
      facilityServiceId: service.id,
      statusCode: 'accepted',
      assigneeProviderUserId: worker.providerUserId,
    });
    // Past work of the worker: a note of theirs in a request's history.
    await db
      .insert(careRequestEvents)
      .values({ careRequestId: closed.id, createdByUserId: worker.userId, kind: 'note-changed' });
    expect(
      (await call(worker.headers, 'GET', `/api/v1/provider/providers/${t.providerId}/requests`)).statusCode,
    ).toBe(200);

    const removed = await call(t.admin.headers, 'DELETE', usersUrl(t.providerId, worker.providerUserId));
    expect(removed.statusCode, removed.body).toBe(204);

    const after = await db
      .select({
        id: careRequests.id,
        person: careRequests.assigneeProviderUserId,
        team: careRequests.assigneeFacilityId,
      })
      .from(careRequests)
      .where(eq(careRequests.providerId, t.providerId));
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(open.id)).toMatchObject({ person: null, team: t.facilityId });
    expect(byId.get(inProgress.id)).toMatchObject({ person: null, team: null });

    const detail = await call(
      t.admin.headers,
      'GET',
      `/api/v1/provider/providers/${t.providerId}/requests/${open.id}`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    const events = detail.json().events as { kind: string; assignee: unknown; createdBy: string | null }[];
    expect(events.at(-1)).toMatchObject({
      kind: 'assigned',
      assignee: { colleague: null, facility: { id: t.facilityId, name: 'Centrum Vršovice' } },
    });
    const returnedEvents = await db
      .select({ id: careRequestEvents.id })
      .from(careRequestEvents)
      .where(and(eq(careRequestEvents.careRequestId, inProgress.id), eq(careRequestEvents.kind, 'assigned')));
    expect(returnedEvents).toHaveLength(1);
    // The closed request gets no event; the worker's own entries keep their name.
    const closedHistory = await call(
      t.admin.headers,
      'GET',
      `/api/v1/provider/providers/${t.providerId}/requests/${closed.id}`,
    );
    const closedEvents = closedHistory.json().events as { kind: string; createdBy: string | null }[];
    expect(closedEvents.filter((event) => event.kind === 'assigned')).toHaveLength(0);
    expect(closedEvents.find((event) => event.kind === 'note-changed')?.createdBy).toBe('Petr Svoboda');

    // The removed worker's next call to the provider is refused: no provider role is left to them.
    expect(
      (await call(worker.headers, 'GET', `/api/v1/provider/providers/${t.providerId}/requests`)).statusCode,
    ).toBe(403);
    expect((await call(worker.headers, 'GET', '/api/v1/provider/memberships')).statusCode).toBe(403);
    expect(await db.select().from(users).where(eq(users.id, worker.userId))).toHaveLength(1);
  });
});
