-- The provider inbox at a million requests (docs/performance.md, "Provider inbox"): the client's name
-- and the case's code copied onto each request, so the grid sorts by client and searches the name or
-- code within a provider from indexes of `care_requests` alone.
DROP INDEX "care_requests_assignee_provider_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "care_requests_facility_id_created_at_idx";--> statement-breakpoint
DROP INDEX "care_requests_assignee_facility_id_created_at_idx";--> statement-breakpoint
DROP INDEX "care_requests_provider_id_status_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "client_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "client_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "client_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Czech and Slovak letters folded to ASCII in lower case: what `normalizeSearchText` (contracts) does
-- to typed text, so a search for "dvorak" finds "Dvořák".
CREATE FUNCTION "fold_search_text"("value" text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(lower("value"), 'áäčďéěíĺľňóôöŕřšťúůüýž', 'aacdeeillnooorrstuuuyz')
$$;--> statement-breakpoint
-- What the grid searches: the folded name, a unit separator (typed text never holds one, so a search
-- cannot match across the two) and the code.
CREATE FUNCTION "care_request_client_search"("first_name" text, "last_name" text, "code" text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT "fold_search_text"("first_name" || ' ' || "last_name") || E'\x1f' || lower("code")
$$;--> statement-breakpoint
UPDATE "care_requests" cr
SET "client_first_name" = c."first_name", "client_last_name" = c."last_name",
    "client_search" = "care_request_client_search"(c."first_name", c."last_name", k."code")
FROM "clients" c, "cases" k
WHERE c."id" = cr."client_id" AND k."id" = cr."case_id";--> statement-breakpoint
-- Kept by triggers (drizzle does not model them), in the transaction that writes what they copy: a new
-- request copies its client and case; a renamed client or a re-coded case updates its requests.
CREATE FUNCTION "care_requests_copy_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."first_name", c."last_name", "care_request_client_search"(c."first_name", c."last_name", k."code")
  INTO NEW."client_first_name", NEW."client_last_name", NEW."client_search"
  FROM "clients" c, "cases" k
  WHERE c."id" = NEW."client_id" AND k."id" = NEW."case_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "care_requests_client_copied" BEFORE INSERT OR UPDATE OF "client_id", "case_id", "client_first_name", "client_last_name", "client_search"
ON "care_requests" FOR EACH ROW EXECUTE FUNCTION "care_requests_copy_client"();--> statement-breakpoint
CREATE FUNCTION "care_requests_client_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching `client_id` runs the copy trigger above for each request of the client.
  UPDATE "care_requests" SET "client_id" = "client_id" WHERE "client_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clients_name_copied" AFTER UPDATE OF "first_name", "last_name" ON "clients"
FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
EXECUTE FUNCTION "care_requests_client_renamed"();--> statement-breakpoint
CREATE FUNCTION "care_requests_case_recoded"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "care_requests" SET "case_id" = "case_id" WHERE "case_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cases_code_copied" AFTER UPDATE OF "code" ON "cases"
FOR EACH ROW WHEN (OLD."code" IS DISTINCT FROM NEW."code")
EXECUTE FUNCTION "care_requests_case_recoded"();--> statement-breakpoint
-- The grid's indexes, each leading with the provider (care-requests.ts says why each is there). Those
-- a page is read from carry the status and the searched text (INCLUDE, which drizzle does not model), so
-- a status filter, a client search and the count are index-only scans; the provider's own one also the
-- first answer (the dashboard's time to answer).
DROP INDEX "care_requests_provider_id_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "care_requests_provider_id_created_at_id_idx" ON "care_requests" USING btree ("provider_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status_id","client_search","first_answered_at");--> statement-breakpoint
CREATE INDEX "care_requests_provider_facility_created_at_idx" ON "care_requests" USING btree ("provider_id","facility_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status_id","client_search");--> statement-breakpoint
CREATE INDEX "care_requests_provider_assignee_facility_created_at_idx" ON "care_requests" USING btree ("provider_id","assignee_facility_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status_id","client_search") WHERE "care_requests"."assignee_facility_id" is not null;--> statement-breakpoint
CREATE INDEX "care_requests_provider_assignee_user_created_at_idx" ON "care_requests" USING btree ("provider_id","assignee_provider_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status_id","client_search") WHERE "care_requests"."assignee_provider_user_id" is not null;--> statement-breakpoint
CREATE INDEX "care_requests_provider_id_client_name_idx" ON "care_requests" USING btree ("provider_id","client_last_name" collate "cs-x-icu","client_first_name" collate "cs-x-icu","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "care_requests_provider_id_status_id_created_at_idx" ON "care_requests" USING btree ("provider_id","status_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "care_requests_provider_facility_client_name_idx" ON "care_requests" USING btree ("provider_id","facility_id","client_last_name" collate "cs-x-icu","client_first_name" collate "cs-x-icu","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "care_requests_provider_assignee_facility_client_name_idx" ON "care_requests" USING btree ("provider_id","assignee_facility_id","client_last_name" collate "cs-x-icu","client_first_name" collate "cs-x-icu","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "care_requests"."assignee_facility_id" is not null;--> statement-breakpoint
CREATE INDEX "care_requests_provider_assignee_user_client_name_idx" ON "care_requests" USING btree ("provider_id","assignee_provider_user_id","client_last_name" collate "cs-x-icu","client_first_name" collate "cs-x-icu","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "care_requests"."assignee_provider_user_id" is not null;--> statement-breakpoint
CREATE INDEX "care_requests_provider_id_closed_at_idx" ON "care_requests" USING btree ("provider_id","closed_at") INCLUDE ("status_id","decline_reason") WHERE "care_requests"."closed_at" is not null;--> statement-breakpoint
-- A search by a case's code: the codes' starts in order within a provider.
CREATE INDEX "care_requests_provider_id_code_idx" ON "care_requests" USING btree ("provider_id",split_part("client_search", chr(31), 2) text_pattern_ops);--> statement-breakpoint
-- A request's history in the order its changes were made: an event's time is when it was written, not
-- when its transaction began (a change that waited for the request's lock began before the one it
-- followed).
ALTER TABLE "care_request_events" ALTER COLUMN "event_date" SET DEFAULT clock_timestamp();
