-- A service's own form: a type may exist in several (respite care is residential, day or field).
-- Existing services take their type's form, which was the only one until now.
DROP INDEX "facility_services_catalogue_idx";--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "form" "service_form";--> statement-breakpoint
UPDATE "facility_services" SET "form" = "service_types"."form" FROM "service_types" WHERE "service_types"."id" = "facility_services"."service_type_id";--> statement-breakpoint
ALTER TABLE "facility_services" ALTER COLUMN "form" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "facility_services_catalogue_idx" ON "facility_services" USING btree ("id","verified","name","price_czk","service_type_id","service_category_id","form") WHERE "facility_services"."status" = 'active';
