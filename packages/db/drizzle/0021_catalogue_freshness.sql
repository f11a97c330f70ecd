ALTER TABLE "providers" ADD COLUMN "listing_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "listing_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "providers_listing_confirmed_at_idx" ON "providers" USING btree ("listing_confirmed_at");