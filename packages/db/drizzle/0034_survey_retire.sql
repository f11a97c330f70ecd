ALTER TYPE "public"."staff_action" ADD VALUE 'survey-definition-updated' BEFORE 'assistant-task-claimed';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'survey-definition-versioned' BEFORE 'assistant-task-claimed';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'survey-definition-retired' BEFORE 'assistant-task-claimed';--> statement-breakpoint
ALTER TYPE "public"."survey_definition_status" ADD VALUE 'retired';--> statement-breakpoint
ALTER TABLE "survey_definitions" DROP CONSTRAINT "survey_definitions_published_has_date";--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD CONSTRAINT "survey_definitions_published_has_date" CHECK (("survey_definitions"."status" = 'draft') = ("survey_definitions"."published_at" is null));--> statement-breakpoint
-- Issue 25 §3 (decision 0125): a published definition may be retired and stays so; answers may bind to a
-- retired one (a case half-way through it finishes it).
CREATE OR REPLACE FUNCTION "survey_definitions_freeze"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."status" = 'published' AND NEW."status" NOT IN ('published', 'retired'))
     OR (OLD."status" = 'retired' AND NEW."status" <> 'retired') THEN
    RAISE EXCEPTION 'survey definition % is published', OLD."id"
      USING ERRCODE = '23514', CONSTRAINT = 'survey_definitions_published_stays';
  END IF;
  IF (NEW."definition", NEW."type", NEW."version", NEW."code", NEW."provider_id")
       IS DISTINCT FROM (OLD."definition", OLD."type", OLD."version", OLD."code", OLD."provider_id")
     AND EXISTS (SELECT 1 FROM "survey_answers" WHERE "survey_definition_id" = OLD."id") THEN
    RAISE EXCEPTION 'survey definition % has answers', OLD."id"
      USING ERRCODE = '23514', CONSTRAINT = 'survey_definitions_frozen_when_answered';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "survey_answers_need_published_definition"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "survey_definitions" WHERE "id" = NEW."survey_definition_id"
                 AND "status" IN ('published', 'retired')) THEN
    RAISE EXCEPTION 'survey definition % is not published', NEW."survey_definition_id"
      USING ERRCODE = '23514', CONSTRAINT = 'survey_answers_definition_published';
  END IF;
  RETURN NEW;
END $$;
