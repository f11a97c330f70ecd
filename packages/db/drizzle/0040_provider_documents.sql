CREATE TYPE "public"."provider_document_kind" AS ENUM('social-services-registration', 'health-care-licence');--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'provider-document-downloaded' BEFORE 'survey-definition-created';--> statement-breakpoint
CREATE TABLE "provider_documents" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"kind" "provider_document_kind" NOT NULL,
	"facility_service_id" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "provider_verification_documents" (
	"verification_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "provider_verification_documents_pk" PRIMARY KEY("verification_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_attached";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_documents" ADD CONSTRAINT "provider_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_documents" ADD CONSTRAINT "provider_documents_facility_service_id_facility_services_id_fk" FOREIGN KEY ("facility_service_id") REFERENCES "public"."facility_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_documents" ADD CONSTRAINT "provider_documents_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_verification_documents" ADD CONSTRAINT "provider_verification_documents_verification_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."provider_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_verification_documents" ADD CONSTRAINT "provider_verification_documents_document_fk" FOREIGN KEY ("document_id") REFERENCES "public"."provider_documents"("document_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_verification_documents_document_id_idx" ON "provider_verification_documents" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_provider_id_idx" ON "documents" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_attached" CHECK (num_nonnulls("documents"."care_request_id", "documents"."client_id", "documents"."request_draft_id", "documents"."provider_id") >= 1);