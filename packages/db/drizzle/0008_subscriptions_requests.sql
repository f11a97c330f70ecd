CREATE TYPE "public"."assistant_task_status" AS ENUM('open', 'done');--> statement-breakpoint
CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'failed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('initial', 'renewal');--> statement-breakpoint
CREATE TABLE "request_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"facility_service_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_drafts_case_id_facility_service_id_unique" UNIQUE("case_id","facility_service_id")
);
--> statement-breakpoint
CREATE TABLE "assistant_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "assistant_task_status" DEFAULT 'open' NOT NULL,
	"contact_channel" text NOT NULL,
	"preferred_time" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "assistant_tasks_contact_channel" CHECK ("assistant_tasks"."contact_channel" in ('phone', 'email')),
	CONSTRAINT "assistant_tasks_done_has_date" CHECK ("assistant_tasks"."status" <> 'done' or "assistant_tasks"."completed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_type_id" uuid NOT NULL,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"currency" "currency" NOT NULL,
	"amount_minor" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text,
	"case_id" uuid,
	"return_path" text NOT NULL,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkouts_gateway_reference_unique" UNIQUE("gateway_reference"),
	CONSTRAINT "checkouts_amount_non_negative" CHECK ("checkouts"."amount_minor" >= 0),
	CONSTRAINT "checkouts_completed_has_date" CHECK ("checkouts"."status" = 'open' or "checkouts"."completed_at" is not null),
	CONSTRAINT "checkouts_paid_has_subscription" CHECK ("checkouts"."status" <> 'paid' or "checkouts"."subscription_id" is not null),
	CONSTRAINT "checkouts_return_path_relative" CHECK ("checkouts"."return_path" like '/%' and "checkouts"."return_path" not like '//%')
);
--> statement-breakpoint
CREATE TABLE "subscription_type_prices" (
	"subscription_type_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"amount_minor" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	CONSTRAINT "subscription_type_prices_pk" PRIMARY KEY("subscription_type_id","currency"),
	CONSTRAINT "subscription_type_prices_amount_non_negative" CHECK ("subscription_type_prices"."amount_minor" >= 0),
	CONSTRAINT "subscription_type_prices_vat_rate" CHECK ("subscription_type_prices"."vat_rate_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_attached";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_non_negative";--> statement-breakpoint
ALTER TABLE "subscription_types" DROP CONSTRAINT "subscription_types_price_non_negative";--> statement-breakpoint
ALTER TABLE "survey_answers" DROP CONSTRAINT "survey_answers_one_owner";--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "creation_key" uuid;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "care_request_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "request_draft_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" "payment_kind" DEFAULT 'initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" "currency" DEFAULT 'CZK' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "vat_rate_percent" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" "currency" DEFAULT 'CZK' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_minor" integer DEFAULT 14900 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "vat_rate_percent" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "gateway" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD COLUMN "request_draft_id" uuid;--> statement-breakpoint
ALTER TABLE "request_drafts" ADD CONSTRAINT "request_drafts_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_drafts" ADD CONSTRAINT "request_drafts_facility_service_id_facility_services_id_fk" FOREIGN KEY ("facility_service_id") REFERENCES "public"."facility_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_drafts" ADD CONSTRAINT "request_drafts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD CONSTRAINT "assistant_tasks_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD CONSTRAINT "assistant_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_type_prices" ADD CONSTRAINT "subscription_type_prices_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_tasks_one_open_per_case" ON "assistant_tasks" USING btree ("case_id") WHERE "assistant_tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "assistant_tasks_status_created_at_idx" ON "assistant_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_user_id_created_at_idx" ON "checkouts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_open_per_user" ON "checkouts" USING btree ("user_id") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_request_draft_id_request_drafts_id_fk" FOREIGN KEY ("request_draft_id") REFERENCES "public"."request_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_request_draft_id_request_drafts_id_fk" FOREIGN KEY ("request_draft_id") REFERENCES "public"."request_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_owner_user_id_creation_key_unique" ON "cases" USING btree ("owner_user_id","creation_key");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_care_request_id_kind_unique" ON "consents" USING btree ("care_request_id","kind");--> statement-breakpoint
CREATE INDEX "documents_request_draft_id_idx" ON "documents" USING btree ("request_draft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_per_period" ON "payments" USING btree ("subscription_id","period_end") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "subscriptions_live_period_end_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('active', 'past-due');--> statement-breakpoint
-- Existing rows (before prices were decided, subscriptions carried none): whole crowns become
-- hellers; a subscription without a price gets the self-managed plan's (149 CZK with 21 % VAT); a
-- payment pays its subscription's current period; a plan priced in crowns keeps that price.
UPDATE "payments" SET "amount_minor" = "amount_czk" * 100;--> statement-breakpoint
UPDATE "payments" SET "period_end" = "subscriptions"."current_period_end" FROM "subscriptions" WHERE "subscriptions"."id" = "payments"."subscription_id";--> statement-breakpoint
UPDATE "subscriptions" SET "ended_at" = least("current_period_end", now()) WHERE "status" not in ('active', 'past-due');--> statement-breakpoint
INSERT INTO "subscription_type_prices" ("subscription_type_id", "currency", "amount_minor", "vat_rate_percent")
  SELECT "id", 'CZK', "monthly_price_czk" * 100, 21 FROM "subscription_types" WHERE "monthly_price_czk" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "period_end" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "vat_rate_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "amount_minor" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "vat_rate_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "gateway" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "amount_czk";--> statement-breakpoint
ALTER TABLE "subscription_types" DROP COLUMN "monthly_price_czk";--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_draft_id_unique" UNIQUE("draft_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gateway_reference_unique" UNIQUE("gateway_reference");--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_request_draft_id_definition_unique" UNIQUE("request_draft_id","survey_definition_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_attached" CHECK (num_nonnulls("documents"."care_request_id", "documents"."client_id", "documents"."request_draft_id") >= 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_amount_non_negative" CHECK ("subscriptions"."amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vat_rate" CHECK ("subscriptions"."vat_rate_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_has_date" CHECK ("subscriptions"."status" in ('active', 'past-due') or "subscriptions"."ended_at" is not null);--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_one_owner" CHECK (num_nonnulls("survey_answers"."case_id", "survey_answers"."care_request_id", "survey_answers"."request_draft_id") = 1);