-- Registrations under way, so a sign-up that stopped between the identity account and the
-- application account can be finished or undone. pg-boss's own schema (pgboss) is installed by
-- migrate() after these files, from the pg-boss release the API runs.
CREATE TABLE "sign_up_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"attempt_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_up_attempts_email_lower_case" CHECK ("sign_up_attempts"."email" = lower("sign_up_attempts"."email"))
);
