CREATE TYPE "public"."client_person_role" AS ENUM('contact-person', 'attending-doctor');--> statement-breakpoint
CREATE TYPE "public"."survey_definition_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"country" "country" NOT NULL,
	"county_code" text NOT NULL,
	"municipality_code" text,
	"municipality" text NOT NULL,
	"part" text NOT NULL,
	"postcode" text,
	"search_name" text NOT NULL,
	"search_municipality" text NOT NULL,
	CONSTRAINT "places_postcode_format" CHECK ("places"."postcode" is null or "places"."postcode" ~ '^[0-9]{3} [0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "survey_definitions" DROP CONSTRAINT "survey_definitions_type_version_unique";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_service_address_present";--> statement-breakpoint
ALTER TABLE "survey_answers" DROP CONSTRAINT "survey_answers_attached";--> statement-breakpoint
ALTER TABLE "survey_answers" DROP CONSTRAINT "survey_answers_survey_definition_id_survey_definitions_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_answers" DROP CONSTRAINT "survey_answers_client_id_clients_id_fk";
--> statement-breakpoint
DROP INDEX "client_persons_client_id_idx";--> statement-breakpoint
DROP INDEX "survey_answers_case_id_idx";--> statement-breakpoint
DROP INDEX "survey_answers_care_request_id_idx";--> statement-breakpoint
DROP INDEX "survey_answers_client_id_idx";--> statement-breakpoint
ALTER TABLE "client_persons" ALTER COLUMN "first_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "client_persons" ALTER COLUMN "last_name" SET NOT NULL;--> statement-breakpoint
-- Rows from before roles were recorded are contact persons; answers take their definition's type.
ALTER TABLE "client_persons" ADD COLUMN "role" "client_person_role" NOT NULL DEFAULT 'contact-person';--> statement-breakpoint
ALTER TABLE "client_persons" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD COLUMN "survey_type" "survey_type";--> statement-breakpoint
UPDATE "survey_answers" SET "survey_type" = d."type" FROM "survey_definitions" d WHERE d."id" = "survey_answers"."survey_definition_id";--> statement-breakpoint
ALTER TABLE "survey_answers" ALTER COLUMN "survey_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD COLUMN "status" "survey_definition_status" DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_county_code_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."counties"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "places_search_name_idx" ON "places" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_search_municipality_idx" ON "places" USING btree ("search_municipality" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_postcode_idx" ON "places" USING btree ("postcode" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD CONSTRAINT "survey_definitions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "attending_doctor";--> statement-breakpoint
ALTER TABLE "survey_answers" DROP COLUMN "client_id";--> statement-breakpoint
ALTER TABLE "client_persons" ADD CONSTRAINT "client_persons_client_id_role_unique" UNIQUE("client_id","role");--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_case_id_survey_type_unique" UNIQUE("case_id","survey_type");--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_care_request_id_definition_unique" UNIQUE("care_request_id","survey_definition_id");--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD CONSTRAINT "survey_definitions_id_type_unique" UNIQUE("id","type");--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_definition_fk" FOREIGN KEY ("survey_definition_id","survey_type") REFERENCES "public"."survey_definitions"("id","type") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD CONSTRAINT "survey_definitions_type_version_unique" UNIQUE NULLS NOT DISTINCT("provider_id","type","version");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_self_has_no_relationship" CHECK (not "clients"."is_self" or "clients"."relationship_type_id" is null);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_service_address_present" CHECK (not "clients"."service_address_differs" or ("clients"."service_city" is not null and "clients"."service_county_code" is not null));--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_one_owner" CHECK (num_nonnulls("survey_answers"."case_id", "survey_answers"."care_request_id") = 1);--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD CONSTRAINT "survey_definitions_published_has_date" CHECK (("survey_definitions"."status" = 'published') = ("survey_definitions"."published_at" is not null));--> statement-breakpoint
-- Request states are contracts' `careRequestStatusCodes`: the client's cancellation is a withdrawal.
UPDATE "request_statuses" SET "code" = 'withdrawn' WHERE "code" = 'cancelled';--> statement-breakpoint
-- Answers bind to a published definition; one with answers is frozen, and a published one stays so.
CREATE FUNCTION "survey_answers_need_published_definition"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "survey_definitions" WHERE "id" = NEW."survey_definition_id" AND "status" = 'published') THEN
    RAISE EXCEPTION 'survey definition % is not published', NEW."survey_definition_id"
      USING ERRCODE = '23514', CONSTRAINT = 'survey_answers_definition_published';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "survey_answers_definition_published" BEFORE INSERT OR UPDATE OF "survey_definition_id" ON "survey_answers"
  FOR EACH ROW EXECUTE FUNCTION "survey_answers_need_published_definition"();--> statement-breakpoint
CREATE FUNCTION "survey_definitions_freeze"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'published' AND NEW."status" <> 'published' THEN
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
CREATE TRIGGER "survey_definitions_frozen" BEFORE UPDATE ON "survey_definitions"
  FOR EACH ROW EXECUTE FUNCTION "survey_definitions_freeze"();
