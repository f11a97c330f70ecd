CREATE TYPE "public"."support_message_status" AS ENUM('open', 'assigned', 'answered', 'closed');--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'support-message-assigned';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'support-message-answered';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'support-message-closed';--> statement-breakpoint
ALTER TYPE "public"."staff_audit_record_type" ADD VALUE 'support-message';--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"text" text NOT NULL,
	"status" "support_message_status" DEFAULT 'open' NOT NULL,
	"assigned_to_user_id" uuid,
	"assigned_to_name" text,
	"assigned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_messages_closed_has_date" CHECK (("support_messages"."status" = 'closed') = ("support_messages"."closed_at" is not null)),
	CONSTRAINT "support_messages_assigned_has_name" CHECK (("support_messages"."assigned_at" is null) = ("support_messages"."assigned_to_name" is null))
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_user_id" uuid,
	"sent_by_name" text NOT NULL,
	"locale" "locale" NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_status_received_at_idx" ON "support_messages" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "support_replies_message_id_idx" ON "support_replies" USING btree ("message_id","sent_at");