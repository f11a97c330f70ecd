CREATE TABLE "document_contents" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "guest_secret_hash" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "guest_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "guest_consent_version" text;--> statement-breakpoint
ALTER TABLE "document_contents" ADD CONSTRAINT "document_contents_storage_key_documents_storage_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."documents"("storage_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_guest_secret_hash_unique" ON "cases" USING btree ("guest_secret_hash");--> statement-breakpoint
-- Uploads are PDF, JPEG, PNG, DOCX: already compressed, so PostgreSQL stores them out of line without trying to compress them again.
ALTER TABLE "document_contents" ALTER COLUMN "content" SET STORAGE EXTERNAL;