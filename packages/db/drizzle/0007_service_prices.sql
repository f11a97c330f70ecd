-- Prices as money (docs/decisions.md "Money"): the amount in minor units (hellers, cents), its currency
-- (CZK or EUR: Slovak providers price in euro) and the VAT rate in percent the amount includes, in place
-- of whole crowns. All three or none (priced individually).
CREATE TYPE "public"."currency" AS ENUM('CZK', 'EUR');--> statement-breakpoint
ALTER TABLE "facility_services" DROP CONSTRAINT "facility_services_price_non_negative";--> statement-breakpoint
DROP INDEX "catalogue_area_services_price_idx";--> statement-breakpoint
DROP INDEX "catalogue_area_services_price_desc_idx";--> statement-breakpoint
DROP INDEX "facility_services_catalogue_idx";--> statement-breakpoint
ALTER TABLE "catalogue_area_services" ADD COLUMN "price_in_other_currency" boolean;--> statement-breakpoint
ALTER TABLE "catalogue_area_services" ADD COLUMN "price_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "price_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "price_currency" "currency";--> statement-breakpoint
ALTER TABLE "catalogue_services" ADD COLUMN "price_vat_rate_percent" smallint;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "price_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "price_currency" "currency";--> statement-breakpoint
ALTER TABLE "facility_services" ADD COLUMN "price_vat_rate_percent" smallint;--> statement-breakpoint
-- Every price so far was whole Czech crowns, VAT included: hellers, CZK, and VAT rate 0 — the catalogue's
-- services are social services and home nursing, supplies exempt from VAT (235/2004 Sb. § 51), so their
-- prices carry none. The services' trigger, which still compares `price_czk`, is off for this one
-- statement; the lists' rows are rebuilt once at the end.
ALTER TABLE "facility_services" DISABLE TRIGGER "catalogue_areas_service_updated";--> statement-breakpoint
UPDATE "facility_services"
  SET "price_amount_minor" = "price_czk" * 100, "price_currency" = 'CZK', "price_vat_rate_percent" = 0
  WHERE "price_czk" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_services" ENABLE TRIGGER "catalogue_areas_service_updated";--> statement-breakpoint
CREATE INDEX "catalogue_area_services_price_idx" ON "catalogue_area_services" USING btree ("area_code","price_in_other_currency","price_amount_minor","facility_service_id","service_type_id","service_category_id","form");--> statement-breakpoint
CREATE INDEX "catalogue_area_services_price_desc_idx" ON "catalogue_area_services" USING btree ("area_code","price_in_other_currency","price_amount_minor" DESC NULLS LAST,"facility_service_id","service_type_id","service_category_id","form");--> statement-breakpoint
CREATE INDEX "facility_services_catalogue_idx" ON "facility_services" USING btree ("id","verified","name","price_currency","price_amount_minor","service_type_id","service_category_id","form") WHERE "facility_services"."status" = 'active';--> statement-breakpoint
ALTER TABLE "catalogue_area_services" DROP COLUMN "price_czk";--> statement-breakpoint
ALTER TABLE "catalogue_services" DROP COLUMN "price_czk";--> statement-breakpoint
ALTER TABLE "facility_services" DROP COLUMN "price_czk";--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_price_complete" CHECK (num_nulls("facility_services"."price_amount_minor", "facility_services"."price_currency", "facility_services"."price_vat_rate_percent") in (0, 3));--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_price_vat_rate_range" CHECK ("facility_services"."price_vat_rate_percent" is null or "facility_services"."price_vat_rate_percent" between 0 and 99);--> statement-breakpoint
ALTER TABLE "facility_services" ADD CONSTRAINT "facility_services_price_non_negative" CHECK ("facility_services"."price_amount_minor" is null or "facility_services"."price_amount_minor" >= 0);--> statement-breakpoint
-- The functions of 0006 that name the price, carrying the new columns (drizzle does not model them).
-- An area row's columns follow the table's order: the price columns were added last. It carries what
-- the `price` orders need: whether the currency is the area's own (CZK in Czech areas, EUR in Slovak
-- ones) and the amount.
DROP FUNCTION "catalogue_area_rows"(uuid[]);--> statement-breakpoint
CREATE FUNCTION "catalogue_area_rows"("service_ids" uuid[])
RETURNS TABLE ("area_code" text, "facility_service_id" uuid, "verified" boolean, "name" text,
               "service_type_id" uuid, "service_category_id" uuid, "form" "service_form",
               "price_in_other_currency" boolean, "price_amount_minor" integer)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT a."code", fs."id", fs."verified", fs."name", fs."service_type_id", fs."service_category_id",
         fs."form",
         CASE left(a."code", 2) WHEN 'SK' THEN fs."price_currency" <> 'EUR' ELSE fs."price_currency" <> 'CZK' END,
         fs."price_amount_minor"
  FROM "facility_services" fs
  JOIN "facility_service_counties" fsc ON fsc."facility_service_id" = fs."id"
  JOIN "counties" c ON c."code" = fsc."county_code"
  CROSS JOIN LATERAL (VALUES (c."code"), (c."region_code")) a("code")
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_service_rows"("service_ids" uuid[])
RETURNS SETOF "catalogue_services" LANGUAGE sql STABLE AS $$
  SELECT fs."id", fs."name", fs."form", fs."place", fs."sponsored", fs."verified",
         f."id", f."name", f."street", f."city", f."zipcode", fc."code", fc."name",
         p."id", p."name", p."verified", st."id", st."code", st."form", sc."id", sc."code",
         fs."price_amount_minor", fs."price_currency", fs."price_vat_rate_percent"
  FROM "facility_services" fs
  JOIN "facilities" f ON f."id" = fs."facility_id"
  JOIN "providers" p ON p."id" = fs."provider_id"
  JOIN "service_types" st ON st."id" = fs."service_type_id"
  JOIN "service_categories" sc ON sc."id" = fs."service_category_id"
  LEFT JOIN "counties" fc ON fc."code" = f."county_code"
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active'
    AND EXISTS (SELECT FROM "facility_service_counties" fsc WHERE fsc."facility_service_id" = fs."id")
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_areas_refresh"("service_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("service_ids") = 0 THEN RETURN; END IF;
  WITH "wanted" AS MATERIALIZED (SELECT * FROM "catalogue_area_rows"("service_ids")),
  "removed" AS (
    DELETE FROM "catalogue_area_services" cas
    WHERE cas."facility_service_id" = ANY ("service_ids")
      AND NOT EXISTS (SELECT FROM "wanted" w
                      WHERE w."area_code" = cas."area_code" AND w."facility_service_id" = cas."facility_service_id")
  )
  INSERT INTO "catalogue_area_services" AS cas
  SELECT * FROM "wanted"
  ON CONFLICT ("area_code", "facility_service_id") DO UPDATE
    SET ("verified", "name", "service_type_id", "service_category_id", "form", "price_in_other_currency",
         "price_amount_minor")
      = ROW(excluded."verified", excluded."name", excluded."service_type_id", excluded."service_category_id",
            excluded."form", excluded."price_in_other_currency", excluded."price_amount_minor")
    WHERE ROW(cas.*) IS DISTINCT FROM ROW(excluded.*);
  WITH "wanted" AS MATERIALIZED (SELECT * FROM "catalogue_service_rows"("service_ids")),
  "removed" AS (
    DELETE FROM "catalogue_services" cs
    WHERE cs."facility_service_id" = ANY ("service_ids")
      AND NOT EXISTS (SELECT FROM "wanted" w WHERE w."facility_service_id" = cs."facility_service_id")
  )
  INSERT INTO "catalogue_services" AS cs
  SELECT * FROM "wanted"
  ON CONFLICT ("facility_service_id") DO UPDATE
    SET ("name", "form", "place", "sponsored", "verified", "facility_id", "facility_name", "street",
         "city", "zipcode", "county_code", "county_name", "provider_id", "provider_name", "provider_verified",
         "service_type_id", "service_type_code", "service_type_form", "service_category_id", "service_category_code",
         "price_amount_minor", "price_currency", "price_vat_rate_percent")
      = ROW(excluded."name", excluded."form", excluded."place", excluded."sponsored",
            excluded."verified", excluded."facility_id", excluded."facility_name", excluded."street", excluded."city",
            excluded."zipcode", excluded."county_code", excluded."county_name", excluded."provider_id",
            excluded."provider_name", excluded."provider_verified", excluded."service_type_id",
            excluded."service_type_code", excluded."service_type_form", excluded."service_category_id",
            excluded."service_category_code", excluded."price_amount_minor", excluded."price_currency",
            excluded."price_vat_rate_percent")
    WHERE ROW(cs.*) IS DISTINCT FROM ROW(excluded.*);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_areas_service_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_refresh"(ARRAY(
    SELECT n."id" FROM "new_services" n JOIN "old_services" o ON o."id" = n."id"
    WHERE (n."status", n."verified", n."name", n."price_amount_minor", n."price_currency",
           n."price_vat_rate_percent", n."service_type_id", n."service_category_id", n."form", n."place",
           n."sponsored", n."facility_id", n."provider_id")
      IS DISTINCT FROM (o."status", o."verified", o."name", o."price_amount_minor", o."price_currency",
                        o."price_vat_rate_percent", o."service_type_id", o."service_category_id", o."form",
                        o."place", o."sponsored", o."facility_id", o."provider_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Backfill: the listed rows of every priced service (those without a price are already right).
SELECT "catalogue_areas_refresh"(ARRAY(SELECT "id" FROM "facility_services" WHERE "price_amount_minor" IS NOT NULL));
