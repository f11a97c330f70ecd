ALTER TABLE "contacts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_county_code_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."counties"("code") ON DELETE restrict ON UPDATE cascade;