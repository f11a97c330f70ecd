-- Releasing and reassigning a claimed assistant task (decision 0127): two kinds of history entry and two
-- staff actions, and on the entries whose claim it was and who has the task since. The migrator runs
-- pending migrations in one transaction, where an enum value added cannot be used yet: the checks
-- compare the kind as text, and nothing here (or in a migration after it) writes the new values.
ALTER TYPE "public"."assistant_task_entry_kind" ADD VALUE 'released' BEFORE 'call';--> statement-breakpoint
ALTER TYPE "public"."assistant_task_entry_kind" ADD VALUE 'reassigned' BEFORE 'call';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'assistant-task-released' BEFORE 'assistant-call-logged';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'assistant-task-reassigned' BEFORE 'assistant-call-logged';--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD COLUMN "released_from_user_id" uuid;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD COLUMN "released_from_name" text;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD COLUMN "assigned_to_user_id" uuid;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD COLUMN "assigned_to_name" text;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_released_from_user_id_users_id_fk" FOREIGN KEY ("released_from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_release_names_claimant" CHECK (("assistant_task_entries"."kind"::text in ('released', 'reassigned')) = ("assistant_task_entries"."released_from_name" is not null));--> statement-breakpoint
ALTER TABLE "assistant_task_entries" ADD CONSTRAINT "assistant_task_entries_reassign_names_assignee" CHECK (("assistant_task_entries"."kind"::text = 'reassigned') = ("assistant_task_entries"."assigned_to_name" is not null));