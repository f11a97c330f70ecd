CREATE TYPE "public"."care_request_event_kind" AS ENUM('created', 'status-changed', 'note-changed', 'document-added', 'document-removed', 'survey-answered', 'updated');--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('terms', 'personal-data', 'health-data', 'marketing', 'provider-sharing');--> statement-breakpoint
CREATE TYPE "public"."contact_type" AS ENUM('private', 'public');--> statement-breakpoint
CREATE TYPE "public"."country" AS ENUM('CZ', 'SK');--> statement-breakpoint
CREATE TYPE "public"."email_outbox_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('cs', 'en', 'sk');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."platform_role" AS ENUM('admin', 'assistant');--> statement-breakpoint
CREATE TYPE "public"."provider_role" AS ENUM('providerAdmin', 'providerUser');--> statement-breakpoint
CREATE TYPE "public"."service_form" AS ENUM('residential', 'day', 'field', 'health');--> statement-breakpoint
CREATE TYPE "public"."service_status" AS ENUM('active', 'draft', 'archive');--> statement-breakpoint
CREATE TYPE "public"."sex" AS ENUM('male', 'female', 'indetermined');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'past-due', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."subscription_type_code" AS ENUM('self-managed', 'with-assistant', 'free');--> statement-breakpoint
CREATE TYPE "public"."subscription_variant" AS ENUM('self-managed', 'with-assistant');--> statement-breakpoint
CREATE TYPE "public"."survey_type" AS ENUM('extended-case', 'case', 'service');--> statement-breakpoint
CREATE SEQUENCE "public"."case_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "care_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_request_id" uuid NOT NULL,
	"event_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"kind" "care_request_event_kind" NOT NULL,
	"request_status_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_request_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_request_id" uuid NOT NULL,
	"author_user_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"facility_service_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"note" text,
	"contractor_user_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_requests_case_id_facility_service_id_unique" UNIQUE("case_id","facility_service_id")
);
--> statement-breakpoint
CREATE TABLE "request_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_terminal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "request_statuses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text DEFAULT ('OP-' || lpad(nextval('case_code_seq')::text, 6, '0')) NOT NULL,
	"date" date DEFAULT current_date NOT NULL,
	"fc_service_level" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" uuid,
	"client_id" uuid,
	"provider_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_code_unique" UNIQUE("code"),
	CONSTRAINT "cases_fc_service_level_positive" CHECK ("cases"."fc_service_level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "client_persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"provider_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"date_of_birth" date,
	"birth_number" text,
	"sex" "sex",
	"street" text,
	"city" text,
	"zipcode" text,
	"county_code" text,
	"service_address_differs" boolean DEFAULT false NOT NULL,
	"service_street" text,
	"service_city" text,
	"service_zipcode" text,
	"service_county_code" text,
	"is_self" boolean DEFAULT false NOT NULL,
	"relationship_type_id" uuid,
	"attending_doctor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_has_owner" CHECK (num_nonnulls("clients"."owner_user_id", "clients"."provider_id") >= 1),
	CONSTRAINT "clients_birth_number_digits" CHECK ("clients"."birth_number" is null or "clients"."birth_number" ~ '^[0-9]{9,10}$'),
	CONSTRAINT "clients_service_address_present" CHECK (not "clients"."service_address_differs" or "clients"."service_city" is not null)
);
--> statement-breakpoint
CREATE TABLE "relationship_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "relationship_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"on_behalf_of_client_id" uuid,
	"case_id" uuid,
	"kind" "consent_kind" NOT NULL,
	"version" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_withdrawn_after_granted" CHECK ("consents"."withdrawn_at" is null or "consents"."withdrawn_at" >= "consents"."granted_at")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_request_id" uuid,
	"client_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_attached" CHECK (num_nonnulls("documents"."care_request_id", "documents"."client_id") >= 1),
	CONSTRAINT "documents_size_non_negative" CHECK ("documents"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"template" text NOT NULL,
	"locale" "locale" DEFAULT 'cs' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "email_outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_attempts_non_negative" CHECK ("email_outbox"."attempts" >= 0),
	CONSTRAINT "email_outbox_sent_has_date" CHECK ("email_outbox"."status" <> 'sent' or "email_outbox"."sent_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "facility_service_counties" (
	"county_code" text NOT NULL,
	"facility_service_id" uuid NOT NULL,
	CONSTRAINT "facility_service_counties_pk" PRIMARY KEY("county_code","facility_service_id")
);
--> statement-breakpoint
CREATE TABLE "facility_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"service_type_id" uuid NOT NULL,
	"service_category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"place" text,
	"status" "service_status" DEFAULT 'draft' NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"price_czk" integer,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_services_provider_id_id_unique" UNIQUE("provider_id","id"),
	CONSTRAINT "facility_services_price_non_negative" CHECK ("facility_services"."price_czk" is null or "facility_services"."price_czk" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid,
	"facility_id" uuid,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"note" text,
	"type" "contact_type" DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_belongs_to_provider_or_facility" CHECK (num_nonnulls("contacts"."provider_id", "contacts"."facility_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city" text,
	"zipcode" text,
	"county_code" text,
	"type" text,
	"web" text,
	"description" text,
	"same_as_provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_provider_id_id_unique" UNIQUE("provider_id","id")
);
--> statement-breakpoint
CREATE TABLE "facility_assignments" (
	"provider_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"provider_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_assignments_pk" PRIMARY KEY("facility_id","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "provider_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"user_id" uuid,
	"invite_email" text,
	"invited_at" timestamp with time zone,
	"roles" "provider_role"[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_users_provider_id_id_unique" UNIQUE("provider_id","id"),
	CONSTRAINT "provider_users_user_or_invite" CHECK (num_nonnulls("provider_users"."user_id", "provider_users"."invite_email") >= 1),
	CONSTRAINT "provider_users_has_role" CHECK (cardinality("provider_users"."roles") > 0)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" "country" DEFAULT 'CZ' NOT NULL,
	"street" text,
	"city" text,
	"zipcode" text,
	"billing_name" text,
	"billing_street" text,
	"billing_city" text,
	"billing_zipcode" text,
	"identification_code" text,
	"tax_code" text,
	"requests_email" text,
	"contact_phone" text,
	"contact_email" text,
	"url" text,
	"description" text,
	"logo_url" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_verified_has_date" CHECK ("providers"."verified" = ("providers"."verified_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "counties" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	CONSTRAINT "counties_code_within_region" CHECK (starts_with("counties"."code", "counties"."region_code"))
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" "country" NOT NULL,
	CONSTRAINT "regions_code_matches_country" CHECK (left("regions"."code", 2) = "regions"."country"::text)
);
--> statement-breakpoint
CREATE TABLE "service_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"category_id" uuid NOT NULL,
	"form" "service_form" NOT NULL,
	"legal_reference" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_types_code_unique" UNIQUE("code"),
	CONSTRAINT "service_types_id_category_id_unique" UNIQUE("id","category_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_czk" integer NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_reference_unique" UNIQUE("provider_reference"),
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount_czk" >= 0),
	CONSTRAINT "payments_paid_has_date" CHECK ("payments"."status" <> 'paid' or "payments"."paid_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "subscription_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" "subscription_type_code" NOT NULL,
	"variant" "subscription_variant" NOT NULL,
	"monthly_price_czk" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_types_code_unique" UNIQUE("code"),
	CONSTRAINT "subscription_types_price_non_negative" CHECK ("subscription_types"."monthly_price_czk" is null or "subscription_types"."monthly_price_czk" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_type_id" uuid NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_period_after_start" CHECK ("subscriptions"."current_period_end" >= "subscriptions"."started_at"),
	CONSTRAINT "subscriptions_cancelled_has_date" CHECK ("subscriptions"."status" <> 'cancelled' or "subscriptions"."cancelled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "facility_service_surveys" (
	"facility_service_id" uuid NOT NULL,
	"survey_definition_id" uuid NOT NULL,
	CONSTRAINT "facility_service_surveys_pk" PRIMARY KEY("facility_service_id","survey_definition_id")
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_definition_id" uuid NOT NULL,
	"case_id" uuid,
	"care_request_id" uuid,
	"client_id" uuid,
	"answers" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_attached" CHECK (num_nonnulls("survey_answers"."case_id", "survey_answers"."care_request_id", "survey_answers"."client_id") >= 1)
);
--> statement-breakpoint
CREATE TABLE "survey_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "survey_type" NOT NULL,
	"version" integer NOT NULL,
	"code" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_definitions_type_version_unique" UNIQUE("type","version"),
	CONSTRAINT "survey_definitions_code_unique" UNIQUE("code"),
	CONSTRAINT "survey_definitions_version_positive" CHECK ("survey_definitions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_credentials_failed_attempts_non_negative" CHECK ("user_credentials"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_subject" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"locale" "locale" DEFAULT 'cs' NOT NULL,
	"platform_roles" "platform_role"[] DEFAULT '{}' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"pending_email" text,
	"email_confirmation_sent_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "users_email_required_unless_anonymised" CHECK ("users"."email" is not null or "users"."anonymised_at" is not null),
	CONSTRAINT "users_phone_e164" CHECK ("users"."phone" is null or "users"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "care_request_events" ADD CONSTRAINT "care_request_events_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_events" ADD CONSTRAINT "care_request_events_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_events" ADD CONSTRAINT "care_request_events_request_status_id_request_statuses_id_fk" FOREIGN KEY ("request_status_id") REFERENCES "public"."request_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_notes" ADD CONSTRAINT "care_request_notes_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_notes" ADD CONSTRAINT "care_request_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_status_id_request_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."request_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_contractor_user_id_users_id_fk" FOREIGN KEY ("contractor_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_facility_service_fk" FOREIGN KEY ("provider_id","facility_service_id") REFERENCES "public"."facility_services"("provider_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_persons" ADD CONSTRAINT "client_persons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_county_code_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."counties"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_service_county_code_counties_code_fk" FOREIGN KEY ("service_county_code") REFERENCES "public"."counties"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_relationship_type_id_relationship_types_id_fk" FOREIGN KEY ("relationship_type_id") REFERENCES "public"."relationship_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_on_behalf_of_client_id_clients_id_fk" FOREIGN KEY ("on_behalf_of_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_service_counties" ADD CONSTRAINT "facility_service_counties_county_code_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."counties"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "facility_service_counties" ADD CONSTRAINT "facility_service_counties_facility_service_id_facility_services_id_fk" FOREIGN KEY ("facility_service_id") REFERENCES "public"."facility_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_service_category_id_service_categories_id_fk" FOREIGN KEY ("service_category_id") REFERENCES "public"."service_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_facility_fk" FOREIGN KEY ("provider_id","facility_id") REFERENCES "public"."facilities"("provider_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_service_type_fk" FOREIGN KEY ("service_type_id","service_category_id") REFERENCES "public"."service_types"("id","category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_county_code_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."counties"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "facility_assignments" ADD CONSTRAINT "facility_assignments_facility_fk" FOREIGN KEY ("provider_id","facility_id") REFERENCES "public"."facilities"("provider_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_assignments" ADD CONSTRAINT "facility_assignments_provider_user_fk" FOREIGN KEY ("provider_id","provider_user_id") REFERENCES "public"."provider_users"("provider_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_users" ADD CONSTRAINT "provider_users_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_users" ADD CONSTRAINT "provider_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counties" ADD CONSTRAINT "counties_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_category_id_service_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_service_surveys" ADD CONSTRAINT "facility_service_surveys_facility_service_id_facility_services_id_fk" FOREIGN KEY ("facility_service_id") REFERENCES "public"."facility_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_service_surveys" ADD CONSTRAINT "facility_service_surveys_survey_definition_id_survey_definitions_id_fk" FOREIGN KEY ("survey_definition_id") REFERENCES "public"."survey_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_definition_id_survey_definitions_id_fk" FOREIGN KEY ("survey_definition_id") REFERENCES "public"."survey_definitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_definitions" ADD CONSTRAINT "survey_definitions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_request_events_care_request_id_event_date_idx" ON "care_request_events" USING btree ("care_request_id","event_date");--> statement-breakpoint
CREATE INDEX "care_request_notes_care_request_id_idx" ON "care_request_notes" USING btree ("care_request_id");--> statement-breakpoint
CREATE INDEX "care_requests_provider_id_status_id_created_at_idx" ON "care_requests" USING btree ("provider_id","status_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "care_requests_client_id_idx" ON "care_requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "care_requests_facility_service_id_idx" ON "care_requests" USING btree ("facility_service_id");--> statement-breakpoint
CREATE INDEX "cases_owner_user_id_idx" ON "cases" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "cases_client_id_idx" ON "cases" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_persons_client_id_idx" ON "client_persons" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_owner_user_id_idx" ON "clients" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "clients_provider_id_idx" ON "clients" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "consents_user_id_kind_idx" ON "consents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "consents_on_behalf_of_client_id_idx" ON "consents" USING btree ("on_behalf_of_client_id");--> statement-breakpoint
CREATE INDEX "documents_care_request_id_idx" ON "documents" USING btree ("care_request_id");--> statement-breakpoint
CREATE INDEX "documents_client_id_idx" ON "documents" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_created_at_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "facility_service_counties_facility_service_id_idx" ON "facility_service_counties" USING btree ("facility_service_id");--> statement-breakpoint
CREATE INDEX "facility_services_facility_id_status_idx" ON "facility_services" USING btree ("facility_id","status");--> statement-breakpoint
CREATE INDEX "contacts_provider_id_idx" ON "contacts" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "contacts_facility_id_idx" ON "contacts" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "facility_assignments_provider_user_idx" ON "facility_assignments" USING btree ("provider_id","provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_users_provider_id_user_id_unique" ON "provider_users" USING btree ("provider_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_users_provider_id_invite_email_unique" ON "provider_users" USING btree ("provider_id",lower("invite_email"));--> statement-breakpoint
CREATE INDEX "provider_users_user_id_idx" ON "provider_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_country_identification_code_unique" ON "providers" USING btree ("country","identification_code");--> statement-breakpoint
CREATE INDEX "counties_region_code_idx" ON "counties" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "payments_subscription_id_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'past-due');--> statement-breakpoint
CREATE INDEX "survey_answers_case_id_idx" ON "survey_answers" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "survey_answers_care_request_id_idx" ON "survey_answers" USING btree ("care_request_id");--> statement-breakpoint
CREATE INDEX "survey_answers_client_id_idx" ON "survey_answers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "survey_answers_survey_definition_id_idx" ON "survey_answers" USING btree ("survey_definition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_subject_unique" ON "users" USING btree ("identity_subject");