import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { careRequests } from './care-requests.ts';
import { cases, clients } from './cases.ts';
import { timestamps, timestamptz } from './columns.ts';
import { surveyTypeEnum } from './enums.ts';
import { facilityServices } from './facility-services.ts';
import { users } from './users.ts';

/** A versioned questionnaire: the extended case survey, the case survey, or a service's own. */
export const surveyDefinitions = pgTable(
  'survey_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: surveyTypeEnum('type').notNull(),
    version: integer('version').notNull(),
    code: text('code').notNull(),
    /** The questionnaire itself (questions, choices, conditions), rendered by the web app. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // SurveyDefinitionTypeVersionUnique.
    unique('survey_definitions_type_version_unique').on(t.type, t.version),
    // SurveyDefinitionCodeUnique.
    unique('survey_definitions_code_unique').on(t.code),
    check('survey_definitions_version_positive', sql`${t.version} >= 1`),
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
 * Answers to a questionnaire for a case, a request or a client. Health data (GDPR Art. 9): stored only
 * with the explicit consent recorded in `consents`.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // SurveyDefinitionDeleteRestriction: a questionnaire with answers cannot be deleted.
    surveyDefinitionId: uuid('survey_definition_id')
      .notNull()
      .references(() => surveyDefinitions.id, { onDelete: 'restrict' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    careRequestId: uuid('care_request_id').references(() => careRequests.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamptz('submitted_at'),
    ...timestamps(),
  },
  (t) => [
    // Surveys of a case (wizard steps, request review).
    index('survey_answers_case_id_idx').on(t.caseId),
    // Surveys tab of a request.
    index('survey_answers_care_request_id_idx').on(t.careRequestId),
    // Surveys of a client, reused across requests.
    index('survey_answers_client_id_idx').on(t.clientId),
    // The delete restriction looks answers up by definition.
    index('survey_answers_survey_definition_id_idx').on(t.surveyDefinitionId),
    check('survey_answers_attached', sql`num_nonnulls(${t.caseId}, ${t.careRequestId}, ${t.clientId}) >= 1`),
  ],
);
