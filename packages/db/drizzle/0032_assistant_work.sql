CREATE TYPE "public"."assistant_call_outcome" AS ENUM('interested', 'waiting-list', 'no-capacity', 'not-suitable', 'no-answer', 'call-back');--> statement-breakpoint
CREATE TYPE "public"."assistant_task_entry_kind" AS ENUM('claimed', 'call', 'request-sent', 'closed');--> statement-breakpoint
ALTER TYPE "public"."consent_kind" ADD VALUE 'assistant-sharing';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'assistant-task-claimed';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'assistant-call-logged';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'assistant-request-sent';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'assistant-task-closed';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'client-record-viewed';--> statement-breakpoint
ALTER TYPE "public"."staff_audit_record_type" ADD VALUE 'assistant-task';--> statement-breakpoint
CREATE TABLE "assistant_task_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" "assistant_task_entry_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"created_by_name" text NOT NULL,
	"facility_service_id" uuid,
	"service_name" text,
	"provider_name" text,
	"outcome" "assistant_call_outcome",
	"note" text,
	"follow_up_on" date,
	"follow_up_reminded_at" timestamp with time zone,
	"care_request_id" uuid,
	CONSTRAINT "assistant_task_entries_call_has_outcome" CHECK (("assistant_task_entries"."kind" = 'call') = ("assistant_task_entries"."outcome" is not null)),
	CONSTRAINT "assistant_task_entries_names_service" CHECK ("assistant_task_entries"."kind" not in ('call', 'request-sent') or "assistant_task_entries"."service_name" is not null)
);
--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "sent_by_assistant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "claimed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "claimed_by_name" text;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_task_id_assistant_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."assistant_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_facility_service_id_facility_services_id_fk" FOREIGN KEY ("facility_service_id") REFERENCES "public"."facility_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_task_entries_task_id_idx" ON "assistant_task_entries" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_task_entries_follow_up_idx" ON "assistant_task_entries" USING btree ("follow_up_on") WHERE "assistant_task_entries"."follow_up_on" is not null and "assistant_task_entries"."follow_up_reminded_at" is null;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD CONSTRAINT "assistant_tasks_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_tasks" ADD CONSTRAINT "assistant_tasks_claimed" CHECK (("assistant_tasks"."claimed_at" is null) = ("assistant_tasks"."claimed_by_name" is null));--> statement-breakpoint
-- Tasks handed over before the queue kept due dates: due a day after the hand-over (decision 0123).
UPDATE "assistant_tasks" SET "due_at" = "created_at" + interval '1 day';
