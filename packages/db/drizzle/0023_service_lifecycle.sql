ALTER TABLE "facility_services" ADD COLUMN "individual_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_individual_price_without_price" CHECK (not ("facility_services"."individual_price" and "facility_services"."price_amount_minor" is not null));--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_revision_positive" CHECK ("facility_services"."revision" >= 1);