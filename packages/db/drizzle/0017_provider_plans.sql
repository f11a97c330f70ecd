ALTER TYPE "public"."subscription_type_code" ADD VALUE 'provider';--> statement-breakpoint
CREATE TABLE "provider_plans" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"trial_started_at" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"trial_reminder_sent_for" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_plans_trial_after_start" CHECK ("provider_plans"."trial_ends_at" >= "provider_plans"."trial_started_at")
);
--> statement-breakpoint
DROP INDEX "checkouts_one_open_per_user";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_plans_trial_ends_at_idx" ON "provider_plans" USING btree ("trial_ends_at");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_open_per_provider" ON "checkouts" USING btree ("provider_id") WHERE "checkouts"."status" = 'open' and "checkouts"."provider_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_provider" ON "subscriptions" USING btree ("provider_id") WHERE "subscriptions"."status" in ('active', 'past-due');--> statement-breakpoint
CREATE INDEX "subscriptions_provider_id_idx" ON "subscriptions" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_open_per_user" ON "checkouts" USING btree ("user_id") WHERE "checkouts"."status" = 'open' and "checkouts"."provider_id" is null;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_one_subscriber" CHECK (num_nonnulls("subscriptions"."user_id", "subscriptions"."provider_id") = 1);