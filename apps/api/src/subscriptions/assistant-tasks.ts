import {
  type AssistantTask,
  type AssistantTaskInput,
  assistantFirstContactWorkingDays,
  type Country,
  fullName,
} from '@opora/contracts';
import { assistantTasks, cases, clients, consents, type Db, type DbExecutor, users } from '@opora/db';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import { AppError } from '../platform/errors.ts';
import { countryTimeZones, wallClock, workingDeadline } from '../provider-inbox/reminders/working-days.ts';
import { findActiveSubscription } from './active-subscription.ts';

/** Version of the text of the consent to let assistants act for the client (assistant-info page). */
export const assistantSharingConsentVersion = '2026-12';

async function readTasks(db: DbExecutor, where: SQL, limit = 200): Promise<AssistantTask[]> {
  const rows = await db
    .select({
      id: assistantTasks.id,
      caseId: assistantTasks.caseId,
      caseCode: cases.code,
      status: assistantTasks.status,
      contactChannel: assistantTasks.contactChannel,
      preferredTime: assistantTasks.preferredTime,
      note: assistantTasks.note,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      createdAt: assistantTasks.createdAt,
    })
    .from(assistantTasks)
    .innerJoin(cases, eq(cases.id, assistantTasks.caseId))
    .innerJoin(users, eq(users.id, assistantTasks.userId))
    .where(where)
    .orderBy(asc(assistantTasks.createdAt), asc(assistantTasks.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, email, phone, createdAt, ...task }) => ({
    ...task,
    user: {
      fullName: fullName({ firstName: firstName ?? '', lastName: lastName ?? '' }),
      email: email ?? '',
      phone,
    },
    createdAt: createdAt.toISOString(),
  }));
}

/** The country whose working days count for a case: its client's county's (its code's start), else CZ. */
async function caseCountry(tx: DbExecutor, clientId: string | null): Promise<Country> {
  if (!clientId) return 'CZ';
  const [row] = await tx
    .select({ countyCode: clients.countyCode })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row?.countyCode?.startsWith('SK') ? 'SK' : 'CZ';
}

/**
 * `PUT /cases/{caseId}/assistant-task`: hands the caller's case to the assistants, saying how and when
 * to contact them, with their consent that assistants see the client's record and case and send
 * requests for them (decision 0123, recorded as an `assistant-sharing` consent). Needs a live
 * with-assistant subscription (402 otherwise). One open task per case: a repeated save updates it; the
 * first contact is due one working day after the first hand-over (the client's country's holidays).
 */
export async function saveAssistantTask(
  db: Db,
  userId: string,
  caseId: string,
  input: AssistantTaskInput,
  now: Date,
): Promise<AssistantTask> {
  const careCase = await findOwnCase(db, userId, caseId);
  const subscription = await findActiveSubscription(db, userId);
  if (subscription?.variant !== 'with-assistant') {
    throw new AppError(
      'InsufficientSubscription',
      'The assistant is part of the with-assistant subscription.',
    );
  }
  const contact = {
    contactChannel: input.contactChannel,
    preferredTime: input.preferredTime ?? null,
    note: input.note ?? null,
    consentedAt: now,
  };
  const taskId = await db.transaction(async (tx) => {
    const country = await caseCountry(tx, careCase.clientId);
    const timeZone = countryTimeZones[country];
    const due = workingDeadline(country, wallClock(timeZone, now), assistantFirstContactWorkingDays);
    const [saved] = await tx
      .insert(assistantTasks)
      .values({ caseId, userId, ...contact, dueAt: sql`(${due}::timestamp at time zone ${timeZone})` })
      .onConflictDoUpdate({
        target: assistantTasks.caseId,
        targetWhere: sql`${assistantTasks.status} = 'open'`,
        set: { ...contact, updatedAt: sql`now()` },
      })
      .returning({ id: assistantTasks.id });
    if (!saved) throw new Error('The assistant task was not saved');
    const [client] = careCase.clientId
      ? await tx.select({ isSelf: clients.isSelf }).from(clients).where(eq(clients.id, careCase.clientId))
      : [];
    await tx.insert(consents).values({
      userId,
      onBehalfOfClientId: client && !client.isSelf ? careCase.clientId : null,
      caseId,
      kind: 'assistant-sharing',
      version: assistantSharingConsentVersion,
      grantedAt: now,
    });
    return saved.id;
  });
  const [task] = await readTasks(db, eq(assistantTasks.id, taskId));
  if (!task) throw new Error('The assistant task was not saved');
  return task;
}
