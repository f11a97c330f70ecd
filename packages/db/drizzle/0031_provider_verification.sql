CREATE TYPE "public"."provider_rejection_reason" AS ENUM('not-in-register', 'details-differ', 'service-not-registered', 'not-a-care-provider', 'claim-not-proven', 'other');--> statement-breakpoint
CREATE TYPE "public"."provider_verification_kind" AS ENUM('new', 'claim', 'reverification');--> statement-breakpoint
CREATE TYPE "public"."provider_verification_status" AS ENUM('open', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."staff_action" AS ENUM('provider-verification-approved', 'provider-verification-rejected', 'provider-claim-approved', 'provider-claim-rejected', 'provider-verification-set', 'survey-definition-created', 'survey-definition-published', 'survey-definition-deleted');--> statement-breakpoint
CREATE TYPE "public"."staff_audit_record_type" AS ENUM('provider', 'survey-definition');--> statement-breakpoint
CREATE TABLE "provider_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" "provider_verification_kind" NOT NULL,
	"status" "provider_verification_status" DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_details" jsonb,
	"previous_verified_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_name" text,
	"reason" "provider_rejection_reason",
	"note" text,
	CONSTRAINT "provider_verifications_decided" CHECK (("provider_verifications"."status" = 'open') = ("provider_verifications"."decided_at" is null) and ("provider_verifications"."status" = 'rejected') = ("provider_verifications"."reason" is not null)),
	CONSTRAINT "provider_verifications_claim_keeps_details" CHECK (("provider_verifications"."kind" = 'claim') = ("provider_verifications"."previous_details" is not null))
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" "staff_action" NOT NULL,
	"record_type" "staff_audit_record_type" NOT NULL,
	"record_id" uuid NOT NULL,
	"record_label" text NOT NULL,
	"reason" text,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "register_number" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "verification_lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_verifications_one_open_idx" ON "provider_verifications" USING btree ("provider_id") WHERE "provider_verifications"."status" = 'open';--> statement-breakpoint
CREATE INDEX "provider_verifications_queue_idx" ON "provider_verifications" USING btree ("opened_at") WHERE "provider_verifications"."status" = 'open';--> statement-breakpoint
CREATE INDEX "provider_verifications_provider_id_idx" ON "provider_verifications" USING btree ("provider_id","decided_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_record_idx" ON "staff_audit_log" USING btree ("record_type","record_id","id");--> statement-breakpoint
CREATE INDEX "staff_audit_log_action_idx" ON "staff_audit_log" USING btree ("action","id");--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_register_number_length" CHECK (char_length("facility_services"."register_number") <= 40);--> statement-breakpoint
-- Issue 25 §5 (decision 0122): the staff audit log only grows. Whoever holds the application's role
-- cannot rewrite or remove what staff did.
CREATE FUNCTION "staff_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the staff audit log is append-only'
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_append_only" BEFORE UPDATE OR DELETE ON "staff_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "staff_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_no_truncate" BEFORE TRUNCATE ON "staff_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_log_append_only"();--> statement-breakpoint
-- Organisations that joined before the queue existed wait in it (decision 0121): an unverified
-- provider with an administrator, from the day it was created.
INSERT INTO "provider_verifications" ("provider_id", "kind", "opened_at")
SELECT p."id", 'new', p."created_at" FROM "providers" p
WHERE NOT p."verified"
  AND EXISTS (SELECT 1 FROM "provider_users" pu WHERE pu."provider_id" = p."id" AND 'providerAdmin' = ANY (pu."roles"));
