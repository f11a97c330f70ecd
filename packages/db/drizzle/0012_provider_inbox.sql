CREATE TYPE "public"."care_request_decline_reason" AS ENUM('no-capacity', 'waiting-list', 'outside-area', 'not-eligible', 'client-unreachable', 'other');--> statement-breakpoint
CREATE TYPE "public"."provider_export_format" AS ENUM('csv', 'xlsx');--> statement-breakpoint
CREATE TYPE "public"."provider_export_state" AS ENUM('queued', 'running', 'ready', 'failed');--> statement-breakpoint
ALTER TYPE "public"."care_request_event_kind" ADD VALUE 'assigned';--> statement-breakpoint
ALTER TYPE "public"."care_request_event_kind" ADD VALUE 'reminder-sent';--> statement-breakpoint
ALTER TYPE "public"."care_request_event_kind" ADD VALUE 'escalated';--> statement-breakpoint
ALTER TYPE "public"."provider_role" ADD VALUE 'providerCoordinator' BEFORE 'providerUser';--> statement-breakpoint
CREATE TABLE "provider_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"format" "provider_export_format" NOT NULL,
	"locale" "locale" NOT NULL,
	"selection" jsonb NOT NULL,
	"state" "provider_export_state" DEFAULT 'queued' NOT NULL,
	"row_count" integer,
	"content" "bytea",
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "care_request_notes_care_request_id_idx";--> statement-breakpoint
ALTER TABLE "care_request_notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
-- Requests sent before the column existed take their service's facility.
UPDATE "care_requests" cr SET "facility_id" = fs."facility_id" FROM "facility_services" fs WHERE fs."id" = cr."facility_service_id";--> statement-breakpoint
ALTER TABLE "care_requests" ALTER COLUMN "facility_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "care_from" date;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "assignee_provider_user_id" uuid;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "assignee_facility_id" uuid;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "decline_reason" "care_request_decline_reason";--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "decline_reason_text" text;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_exports" ADD CONSTRAINT "provider_exports_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_exports" ADD CONSTRAINT "provider_exports_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_exports_requested_by_user_id_created_at_idx" ON "provider_exports" USING btree ("requested_by_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_exports_expires_at_idx" ON "provider_exports" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_id_facility_id_unique" UNIQUE("id","facility_id");--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_facility_fk" FOREIGN KEY ("facility_service_id","facility_id") REFERENCES "public"."facility_services"("id","facility_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_assignee_provider_user_fk" FOREIGN KEY ("provider_id","assignee_provider_user_id") REFERENCES "public"."provider_users"("provider_id","id") ON DELETE SET NULL ("assignee_provider_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_assignee_facility_fk" FOREIGN KEY ("provider_id","assignee_facility_id") REFERENCES "public"."facilities"("provider_id","id") ON DELETE SET NULL ("assignee_facility_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_requests_status_id_created_at_idx" ON "care_requests" USING btree ("status_id","created_at");--> statement-breakpoint
CREATE INDEX "care_requests_assignee_provider_user_id_idx" ON "care_requests" USING btree ("assignee_provider_user_id") WHERE "care_requests"."assignee_provider_user_id" is not null;--> statement-breakpoint
ALTER TABLE "care_request_notes" ADD CONSTRAINT "care_request_notes_care_request_id_unique" UNIQUE("care_request_id");--> statement-breakpoint
-- "No capacity" is now a reason to decline, not a status of its own: such requests become declined
-- with that reason, their history says the same, and the status goes.
UPDATE "care_requests" SET "status_id" = (SELECT "id" FROM "request_statuses" WHERE "code" = 'rejected'), "decline_reason" = 'no-capacity' WHERE "status_id" = (SELECT "id" FROM "request_statuses" WHERE "code" = 'no-capacity');--> statement-breakpoint
UPDATE "care_request_events" SET "request_status_id" = (SELECT "id" FROM "request_statuses" WHERE "code" = 'rejected'), "payload" = "payload" || '{"reason":"no-capacity"}'::jsonb WHERE "request_status_id" = (SELECT "id" FROM "request_statuses" WHERE "code" = 'no-capacity');--> statement-breakpoint
DELETE FROM "request_statuses" WHERE "code" = 'no-capacity';--> statement-breakpoint
-- Requests that ended before: closed when their last status change happened, answered at the first
-- change (the dashboard counts by these).
UPDATE "care_requests" cr SET "closed_at" = (SELECT max(e."event_date") FROM "care_request_events" e WHERE e."care_request_id" = cr."id" AND e."kind" = 'status-changed') WHERE cr."status_id" IN (SELECT "id" FROM "request_statuses" WHERE "is_terminal");--> statement-breakpoint
UPDATE "care_requests" cr SET "first_answered_at" = (SELECT min(e."event_date") FROM "care_request_events" e JOIN "users" u ON u."id" = e."created_by_user_id" JOIN "provider_users" pu ON pu."user_id" = u."id" AND pu."provider_id" = cr."provider_id" WHERE e."care_request_id" = cr."id" AND e."kind" = 'status-changed');
