ALTER TABLE "catalogue_area_services" ADD COLUMN "capacity_state" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_area_services" ADD COLUMN "capacity_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "accepting_clients" boolean;--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "free_places" integer;--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "waiting_weeks" smallint;--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "capacity_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "accepting_clients" boolean;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "free_places" integer;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "waiting_weeks" smallint;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "capacity_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "capacity_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_capacity_confirmed_by_users_id_fk" FOREIGN KEY ("capacity_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_area_services_capacity_idx" ON "catalogue_area_services" USING btree ("area_code","capacity_state","verified" DESC NULLS LAST,"name" collate "cs-x-icu","facility_service_id","capacity_confirmed_at","service_type_id","service_category_id","form");--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_capacity_confirmed" CHECK (("facility_services"."accepting_clients" is null) = ("facility_services"."capacity_confirmed_at" is null));--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_free_places_range" CHECK ("facility_services"."free_places" is null or "facility_services"."free_places" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_waiting_weeks_range" CHECK ("facility_services"."waiting_weeks" is null or "facility_services"."waiting_weeks" between 0 and 520);