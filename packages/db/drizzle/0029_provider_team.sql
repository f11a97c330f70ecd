CREATE TABLE "provider_user_removals" (
	"provider_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_by_user_id" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_user_removals_pk" PRIMARY KEY("provider_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "provider_users" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "provider_users" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_users" ADD COLUMN "invite_locale" "locale";--> statement-breakpoint
ALTER TABLE "provider_users" ADD COLUMN "invited_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_users" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_user_removals" ADD CONSTRAINT "provider_user_removals_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_user_removals" ADD CONSTRAINT "provider_user_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_user_removals" ADD CONSTRAINT "provider_user_removals_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_users" ADD CONSTRAINT "provider_users_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_users_invite_token_hash_unique" ON "provider_users" USING btree ("invite_token_hash");--> statement-breakpoint
ALTER TABLE "provider_users" ADD CONSTRAINT "provider_users_invite_token_hash_sha256" CHECK ("provider_users"."invite_token_hash" is null or "provider_users"."invite_token_hash" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "provider_users" ADD CONSTRAINT "provider_users_pending_invite_expires" CHECK ("provider_users"."invite_token_hash" is null or "provider_users"."invite_expires_at" is not null);