CREATE TYPE "public"."care_request_source" AS ENUM('opora', 'phone', 'walk-in', 'email', 'hospital-referral', 'municipality-referral');--> statement-breakpoint
ALTER TYPE "public"."consent_kind" ADD VALUE 'provider-record';--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_has_owner";--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "source" "care_request_source" DEFAULT 'opora' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_has_owner" CHECK (num_nonnulls("clients"."owner_user_id", "clients"."provider_id") = 1);--> statement-breakpoint
-- Issue 24 §2: a request through Opora is for a carer's client; one the provider entered is for a
-- client of that same provider. A provider's own records never reach a carer's views, and a carer's
-- client never becomes the subject of a provider's entry.
CREATE FUNCTION "care_requests_client_of_source"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  client_owner uuid;
  client_provider uuid;
BEGIN
  SELECT c."owner_user_id", c."provider_id" INTO client_owner, client_provider
    FROM "clients" c WHERE c."id" = NEW."client_id";
  IF NEW."source" = 'opora' AND client_owner IS NULL THEN
    RAISE EXCEPTION 'a request through Opora must be for a carer''s client'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'care_requests_client_of_source';
  END IF;
  IF NEW."source" <> 'opora' AND client_provider IS DISTINCT FROM NEW."provider_id" THEN
    RAISE EXCEPTION 'a request the provider entered must be for a client of that provider'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'care_requests_client_of_source';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "care_requests_client_of_source" BEFORE INSERT OR UPDATE OF "client_id", "provider_id", "source"
  ON "care_requests" FOR EACH ROW EXECUTE FUNCTION "care_requests_client_of_source"();--> statement-breakpoint
-- A provider's duplicate check (same birth number, or same name and date of birth) reads its own clients.
CREATE INDEX "clients_provider_id_birth_number_idx" ON "clients" ("provider_id", "birth_number")
  WHERE "provider_id" IS NOT NULL;
