-- A request carries the case's own questionnaires (the extended case survey and the case survey) as they
-- stood when it was sent: the review page lists them under "What the provider will see" and the consent
-- names them, so the provider reads this copy, and later edits of the case do not change what was sent.
-- The copies are answer sets owned by the request, beside the provider's own forms (`survey_type` tells
-- them apart); `send-request-draft.ts` writes them in the sending transaction.
-- Requests sent before the copy existed get the case's answers as they stand now, the nearest record of
-- what their senders agreed to share (docs/decisions.md, "The need goes with the request").
INSERT INTO "survey_answers" ("survey_definition_id", "survey_type", "care_request_id", "answers",
                              "created_by_user_id", "submitted_at", "created_at", "updated_at")
SELECT a."survey_definition_id", a."survey_type", cr."id", a."answers",
       a."created_by_user_id", a."submitted_at", a."created_at", a."updated_at"
FROM "care_requests" cr
JOIN "survey_answers" a ON a."case_id" = cr."case_id"
ON CONFLICT ("care_request_id", "survey_definition_id") DO NOTHING;
