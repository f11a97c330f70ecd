-- The provider inbox's exports at 100,000 requests (docs/performance.md, "Exports"): the case's code
-- and the sender's name copied onto each request as the client's name is (0014), so a page, a sort and
-- an export read the grid's columns without joining `cases` and `users` for every request (an export's
-- rows: 1.4 → 0.45 s of PostgreSQL).
ALTER TABLE "care_requests" ADD COLUMN "case_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "creator_first_name" text;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "creator_last_name" text;--> statement-breakpoint
-- A sender's requests: a rename reaches their copies (below), and erasing an account (`on delete set
-- null`) finds its requests without reading the table.
CREATE INDEX "care_requests_created_by_user_id_idx" ON "care_requests" USING btree ("created_by_user_id");--> statement-breakpoint
-- Filled before the copy trigger below learns of the new columns (0014's does not fire for them).
UPDATE "care_requests" cr
SET "case_code" = k."code",
    "creator_first_name" = (SELECT coalesce(u."first_name", '') FROM "users" u WHERE u."id" = cr."created_by_user_id"),
    "creator_last_name" = (SELECT coalesce(u."last_name", '') FROM "users" u WHERE u."id" = cr."created_by_user_id")
FROM "cases" k
WHERE k."id" = cr."case_id";--> statement-breakpoint
-- 0014's copy of the client and case, now also the code and the sender: written on insert, and again
-- whenever what it copies from changes (a new client, case or sender) or a copy is written directly.
-- No sender (a guest's request, an erased account): null names, which sort last.
CREATE OR REPLACE FUNCTION "care_requests_copy_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."first_name", c."last_name", "care_request_client_search"(c."first_name", c."last_name", k."code"), k."code"
  INTO NEW."client_first_name", NEW."client_last_name", NEW."client_search", NEW."case_code"
  FROM "clients" c, "cases" k
  WHERE c."id" = NEW."client_id" AND k."id" = NEW."case_id";
  NEW."creator_first_name" := NULL;
  NEW."creator_last_name" := NULL;
  SELECT coalesce(u."first_name", ''), coalesce(u."last_name", '')
  INTO NEW."creator_first_name", NEW."creator_last_name"
  FROM "users" u
  WHERE u."id" = NEW."created_by_user_id";
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "care_requests_client_copied" ON "care_requests";--> statement-breakpoint
CREATE TRIGGER "care_requests_client_copied" BEFORE INSERT OR UPDATE OF "client_id", "case_id", "created_by_user_id", "client_first_name", "client_last_name", "client_search", "case_code", "creator_first_name", "creator_last_name"
ON "care_requests" FOR EACH ROW EXECUTE FUNCTION "care_requests_copy_client"();--> statement-breakpoint
CREATE FUNCTION "care_requests_sender_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching `created_by_user_id` runs the copy trigger for each request the user sent.
  UPDATE "care_requests" SET "created_by_user_id" = "created_by_user_id" WHERE "created_by_user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_name_copied" AFTER UPDATE OF "first_name", "last_name" ON "users"
FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
EXECUTE FUNCTION "care_requests_sender_renamed"();
