-- Opora's free plan given by staff (decision 0129): its grant with the reason, the end day and who gave
-- or took it back, and three staff actions on a new record type. The migrator runs pending migrations in
-- one transaction, where an enum value added cannot be used yet: nothing here writes the new values.
CREATE TYPE "public"."free_plan_reason" AS ENUM('hardship', 'social-worker', 'partner-programme', 'other');--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'subscription-viewed';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'free-plan-granted';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'free-plan-revoked';--> statement-breakpoint
ALTER TYPE "public"."staff_audit_record_type" ADD VALUE 'user';--> statement-breakpoint
CREATE TABLE "free_plan_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" "free_plan_reason" NOT NULL,
	"note" text,
	"ends_on" date,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by_user_id" uuid,
	"granted_by_name" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" uuid,
	"revoked_by_name" text,
	"revoke_reason" text,
	CONSTRAINT "free_plan_grants_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "free_plan_grants_other_has_note" CHECK ("free_plan_grants"."reason" <> 'other' or "free_plan_grants"."note" is not null),
	CONSTRAINT "free_plan_grants_revoked_complete" CHECK (("free_plan_grants"."revoked_at" is null) = ("free_plan_grants"."revoked_by_name" is null) and ("free_plan_grants"."revoked_at" is null) = ("free_plan_grants"."revoke_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "free_plan_grants" ADD CONSTRAINT "free_plan_grants_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_plan_grants" ADD CONSTRAINT "free_plan_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_plan_grants_user_id_idx" ON "free_plan_grants" USING btree ("user_id");
