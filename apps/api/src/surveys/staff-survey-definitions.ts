import {
  type SurveyDefinitionSummary,
  type SurveyDefinitionUpdate,
  SurveyDefinitionUpdateSchema,
  type SurveyDefinitionVersion,
  SurveyDefinitionVersionSchema,
} from '@opora/contracts';
import { type Db, type DbExecutor, surveyAnswers, surveyDefinitions } from '@opora/db';
import { and, asc, count, desc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { AppError, NotFoundError } from '../platform/errors.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { parseSurveyDocument, uniqueFailure } from './create-survey-definition.ts';
import { type SurveyDefinitionRow, toSurveyDefinition } from './survey-definitions.ts';

// Staff's questionnaires (issue 25 §3, decision 0125): a draft is edited, a published one gets a new
// version, a retired one is offered to nobody new.

function summaryOf(row: SurveyDefinitionRow, answersCount: number): SurveyDefinitionSummary {
  return {
    ...toSurveyDefinition(row),
    answersCount,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const answers = (db: DbExecutor) =>
  db
    .select({ definitionId: surveyAnswers.surveyDefinitionId, total: count().as('total') })
    .from(surveyAnswers)
    .groupBy(surveyAnswers.surveyDefinitionId)
    .as('answers');

/** `GET /api/v1/admin/survey-definitions`: every definition, the platform's first, by type and newest version. */
export async function listSurveyDefinitionSummaries(db: Db): Promise<SurveyDefinitionSummary[]> {
  const counts = answers(db);
  const rows = await db
    .select({ definition: surveyDefinitions, answers: counts.total })
    .from(surveyDefinitions)
    .leftJoin(counts, eq(counts.definitionId, surveyDefinitions.id))
    .orderBy(
      sql`${surveyDefinitions.providerId} nulls first`,
      asc(surveyDefinitions.type),
      desc(surveyDefinitions.version),
    );
  return rows.map((row) => summaryOf(row.definition, Number(row.answers ?? 0)));
}

/** One definition with its answers' count; 404 when there is none. */
export async function readSurveyDefinitionSummary(
  db: DbExecutor,
  id: string,
): Promise<SurveyDefinitionSummary> {
  const [row] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, id));
  if (!row) throw new NotFoundError();
  const [bound] = await db
    .select({ total: count() })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyDefinitionId, id));
  return summaryOf(row, bound?.total ?? 0);
}

async function lockedDefinition(tx: DbExecutor, id: string): Promise<SurveyDefinitionRow> {
  const [row] = await tx.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, id)).for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * `PUT …/survey-definitions/{id}`: a draft's code, version and document. A published or retired one is
 * frozen (answers bind to it): 409 `SurveyDefinitionNotDraft` — make a new version. A code or version
 * taken answers 409 on its field. Audited.
 */
export async function updateSurveyDefinition(
  db: Db,
  principal: Principal,
  id: string,
  body: SurveyDefinitionUpdate,
): Promise<SurveyDefinitionSummary> {
  const input = SurveyDefinitionUpdateSchema.parse(body);
  const document = parseSurveyDocument(input.definition);
  const actor = await staffActor(db, principal);
  try {
    await db.transaction(async (tx) => {
      const row = await lockedDefinition(tx, id);
      if (row.status !== 'draft') {
        throw new AppError('SurveyDefinitionNotDraft', 'Only a draft is edited; make a new version.');
      }
      await tx
        .update(surveyDefinitions)
        .set({ code: input.code, version: input.version, definition: document, updatedAt: sql`now()` })
        .where(eq(surveyDefinitions.id, id));
      await recordStaffAction(tx, actor, {
        action: 'survey-definition-updated',
        recordType: 'survey-definition',
        recordId: id,
        recordLabel: input.code,
      });
    });
  } catch (error) {
    throw uniqueFailure(error) ?? error;
  }
  return readSurveyDefinitionSummary(db, id);
}

/**
 * `POST …/survey-definitions/{id}/versions`: a draft copy of the definition as the next version of its
 * type (of the platform, or of the same provider), under a new code. Two at once: the type-and-version
 * key lets one through, the other answers 409 on `version`. Audited.
 */
export async function createSurveyDefinitionVersion(
  db: Db,
  principal: Principal,
  id: string,
  body: SurveyDefinitionVersion,
): Promise<SurveyDefinitionSummary> {
  const input = SurveyDefinitionVersionSchema.parse(body);
  const actor = await staffActor(db, principal);
  let createdId: string;
  try {
    createdId = await db.transaction(async (tx) => {
      const [source] = await tx.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, id));
      if (!source) throw new NotFoundError();
      const sameOwner = source.providerId
        ? eq(surveyDefinitions.providerId, source.providerId)
        : isNull(surveyDefinitions.providerId);
      const [latest] = await tx
        .select({ version: max(surveyDefinitions.version) })
        .from(surveyDefinitions)
        .where(and(eq(surveyDefinitions.type, source.type), sameOwner));
      const [created] = await tx
        .insert(surveyDefinitions)
        .values({
          type: source.type,
          version: (latest?.version ?? source.version) + 1,
          code: input.code,
          definition: source.definition,
          providerId: source.providerId,
          status: 'draft',
          createdByUserId: principal.userId,
        })
        .returning({ id: surveyDefinitions.id });
      if (!created) throw new Error('Insert returned no survey definition');
      await recordStaffAction(tx, actor, {
        action: 'survey-definition-versioned',
        recordType: 'survey-definition',
        recordId: created.id,
        recordLabel: input.code,
        details: { from: source.code },
      });
      return created.id;
    });
  } catch (error) {
    throw uniqueFailure(error) ?? error;
  }
  return readSurveyDefinitionSummary(db, createdId);
}

/**
 * `POST …/survey-definitions/{id}/retire`: a published definition is offered to nobody new (new cases
 * get the newest published one; a service stops asking it); answers bound to it stay, and cases half-way
 * through it may finish. The platform's only published extended case survey or case survey cannot go
 * (409 `SurveyDefinitionLastPublished`): new cases need one. A draft is deleted, not retired (409
 * `SurveyDefinitionNotDraft` does not apply: it answers 409 `Conflict`). Retiring again changes nothing.
 */
export async function retireSurveyDefinition(
  db: Db,
  principal: Principal,
  id: string,
): Promise<SurveyDefinitionSummary> {
  const actor = await staffActor(db, principal);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ type: surveyDefinitions.type })
      .from(surveyDefinitions)
      .where(eq(surveyDefinitions.id, id));
    if (!target) throw new NotFoundError();
    // One retirement of a type at a time: two of its last two published versions cannot both go.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`survey-definitions-retire:${target.type}`}))`,
    );
    const row = await lockedDefinition(tx, id);
    if (row.status === 'retired') return;
    if (row.status === 'draft') throw new AppError('Conflict', 'A draft is deleted, not retired.');
    if (row.providerId === null && row.type !== 'service') {
      const [others] = await tx
        .select({ total: count() })
        .from(surveyDefinitions)
        .where(
          and(
            eq(surveyDefinitions.type, row.type),
            isNull(surveyDefinitions.providerId),
            eq(surveyDefinitions.status, 'published'),
            ne(surveyDefinitions.id, id),
          ),
        );
      if ((others?.total ?? 0) === 0) {
        throw new AppError(
          'SurveyDefinitionLastPublished',
          'New cases need a published questionnaire of this type; publish a new version first.',
        );
      }
    }
    await tx
      .update(surveyDefinitions)
      .set({ status: 'retired', updatedAt: sql`now()` })
      .where(eq(surveyDefinitions.id, id));
    await recordStaffAction(tx, actor, {
      action: 'survey-definition-retired',
      recordType: 'survey-definition',
      recordId: id,
      recordLabel: row.code,
    });
  });
  return readSurveyDefinitionSummary(db, id);
}
