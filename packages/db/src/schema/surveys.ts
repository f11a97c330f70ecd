import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { careRequests, requestDrafts } from './care-requests.ts';
import { cases } from './cases.ts';
import { timestamps, timestamptz } from './columns.ts';
import { surveyDefinitionStatusEnum, surveyTypeEnum } from './enums.ts';
import { facilityServices } from './facility-services.ts';
import { providers } from './providers.ts';
import { users } from './users.ts';

/**
 * A versioned questionnaire: the extended case survey, the case survey, or a provider's own form.
 * Platform definitions have no provider. Edited as a draft, answered only once published; a
 * definition with answers is frozen (a change is a new version; trigger in migration 0005).
 */
export const surveyDefinitions = pgTable(
  'survey_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: surveyTypeEnum('type').notNull(),
    version: integer('version').notNull(),
    code: text('code').notNull(),
    /** The questionnaire itself (contracts' `SurveyDocumentSchema`), rendered by the web app. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    /** The provider whose form this is; null for the platform's questionnaires. */
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'restrict' }),
    status: surveyDefinitionStatusEnum('status').notNull().default('draft'),
    publishedAt: timestamptz('published_at'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // SurveyDefinitionTypeVersionUnique, within the platform's or one provider's questionnaires.
    unique('survey_definitions_type_version_unique').on(t.providerId, t.type, t.version).nullsNotDistinct(),
    // SurveyDefinitionCodeUnique.
    unique('survey_definitions_code_unique').on(t.code),
    // Target of the answers' (definition, type) key, which keeps one answer set per case and type.
    unique('survey_definitions_id_type_unique').on(t.id, t.type),
    check('survey_definitions_version_positive', sql`${t.version} >= 1`),
    check('survey_definitions_published_has_date', sql`(${t.status} = 'draft') = (${t.publishedAt} is null)`),
  ],
);

/** Questionnaires a provider asks for with requests to one of its services. */
export const facilityServiceSurveys = pgTable(
  'facility_service_surveys',
  {
    facilityServiceId: uuid('facility_service_id')
      .notNull()
      .references(() => facilityServices.id, { onDelete: 'cascade' }),
    surveyDefinitionId: uuid('survey_definition_id')
      .notNull()
      .references(() => surveyDefinitions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // Surveys tab of a service.
    primaryKey({ name: 'facility_service_surveys_pk', columns: [t.facilityServiceId, t.surveyDefinitionId] }),
  ],
);

/**
 * Answers to one questionnaire, owned by exactly one case or one request, bound to the definition
 * version they were given for. Health data (GDPR Art. 9): stored only with the explicit consent
 * recorded in `consents`.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyDefinitionId: uuid('survey_definition_id').notNull(),
    /** The definition's type, kept equal by the composite key: one answer set per case and type. */
    surveyType: surveyTypeEnum('survey_type').notNull(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    careRequestId: uuid('care_request_id').references(() => careRequests.id, { onDelete: 'cascade' }),
    /** Answers given on the review page before the request is sent; they move to the request then. */
    requestDraftId: uuid('request_draft_id').references(() => requestDrafts.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the whole questionnaire was sent as complete; drafts saved on the way have none. */
    submittedAt: timestamptz('submitted_at'),
    ...timestamps(),
  },
  (t) => [
    // SurveyDefinitionDeleteRestriction: a questionnaire with answers cannot be deleted.
    foreignKey({
      name: 'survey_answers_definition_fk',
      columns: [t.surveyDefinitionId, t.surveyType],
      foreignColumns: [surveyDefinitions.id, surveyDefinitions.type],
    }).onDelete('restrict'),
    // One answer set per questionnaire type in a case (also the lookup of the wizard steps).
    unique('survey_answers_case_id_survey_type_unique').on(t.caseId, t.surveyType),
    // One answer set per questionnaire in a request (surveys tab of a request).
    unique('survey_answers_care_request_id_definition_unique').on(t.careRequestId, t.surveyDefinitionId),
    // The delete restriction and the freeze trigger look answers up by definition.
    index('survey_answers_survey_definition_id_idx').on(t.surveyDefinitionId),
    // One answer set per questionnaire in a request being prepared.
    unique('survey_answers_request_draft_id_definition_unique').on(t.requestDraftId, t.surveyDefinitionId),
    check(
      'survey_answers_one_owner',
      sql`num_nonnulls(${t.caseId}, ${t.careRequestId}, ${t.requestDraftId}) = 1`,
    ),
  ],
);
