CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE TABLE "identity"."credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."login_failures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"num_failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_failures_num_failures_non_negative" CHECK ("identity"."login_failures"."num_failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "identity"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"scope" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"current_refresh_jti" text,
	"refresh_reuse_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sessions_refresh_reuse_count_non_negative" CHECK ("identity"."sessions"."refresh_reuse_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "identity"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"algorithm" text DEFAULT 'RS256' NOT NULL,
	"public_jwk" jsonb,
	"private_jwk" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_keys_status" CHECK ("identity"."signing_keys"."status" in ('active', 'passive', 'disabled')),
	CONSTRAINT "signing_keys_asymmetric_has_public" CHECK ("identity"."signing_keys"."algorithm" not like 'RS%' or "identity"."signing_keys"."public_jwk" is not null)
);
--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"realm_roles" text[] DEFAULT '{client}' NOT NULL,
	"not_before" timestamp with time zone,
	"required_actions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_lower_case" CHECK ("identity"."users"."username" = lower("identity"."users"."username"))
);
--> statement-breakpoint
CREATE TABLE "user_action_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_action_tokens_kind" CHECK ("user_action_tokens"."kind" in ('email-confirmation', 'password-reset')),
	CONSTRAINT "user_action_tokens_token_hash_sha256" CHECK ("user_action_tokens"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
DROP TABLE "user_credentials" CASCADE;--> statement-breakpoint
ALTER TABLE "identity"."credentials" ADD CONSTRAINT "credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."login_failures" ADD CONSTRAINT "login_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_action_tokens" ADD CONSTRAINT "user_action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "identity"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_active_per_algorithm" ON "identity"."signing_keys" USING btree ("algorithm") WHERE "identity"."signing_keys"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "identity"."users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "identity"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_action_tokens_token_hash_unique" ON "user_action_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_action_tokens_user_id_kind_idx" ON "user_action_tokens" USING btree ("user_id","kind");