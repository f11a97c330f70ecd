ALTER TABLE "checkouts" ADD COLUMN "redirect_url" text;--> statement-breakpoint
-- Checkouts opened before this column: the test gateway's page is our own path.
UPDATE "checkouts" SET "redirect_url" = '/api/v1/test-gateway/checkouts/' || "gateway_reference" WHERE "gateway" = 'test' AND "gateway_reference" IS NOT NULL;