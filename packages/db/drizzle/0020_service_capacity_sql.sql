-- Live capacity (docs/decisions/0103): the functions of 0006/0007 that build the lists' rows, carrying
-- the capacity columns (drizzle does not model them). New columns come last in both tables, as
-- 0019_service_capacity added them. Self-contained: it redefines each function whole, keeping the
-- provider plan's rule of 0018 (a service is listed only while its provider is: `p."listed"`).
DROP FUNCTION "catalogue_area_rows"(uuid[]);--> statement-breakpoint
CREATE FUNCTION "catalogue_area_rows"("service_ids" uuid[])
RETURNS TABLE ("area_code" text, "facility_service_id" uuid, "verified" boolean, "name" text,
               "service_type_id" uuid, "service_category_id" uuid, "form" "service_form",
               "price_in_other_currency" boolean, "price_amount_minor" integer,
               "capacity_state" smallint, "capacity_confirmed_at" timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT a."code", fs."id", fs."verified", fs."name", fs."service_type_id", fs."service_category_id",
         fs."form",
         CASE left(a."code", 2) WHEN 'SK' THEN fs."price_currency" <> 'EUR' ELSE fs."price_currency" <> 'CZK' END,
         fs."price_amount_minor",
         -- 0 accepting, 1 never stated, 2 full (the `recommended` ranges; freshness is judged when read)
         CASE fs."accepting_clients" WHEN true THEN 0 WHEN false THEN 2 ELSE 1 END::smallint,
         fs."capacity_confirmed_at"
  FROM "facility_services" fs
  JOIN "providers" p ON p."id" = fs."provider_id"
  JOIN "facility_service_counties" fsc ON fsc."facility_service_id" = fs."id"
  JOIN "counties" c ON c."code" = fsc."county_code"
  CROSS JOIN LATERAL (VALUES (c."code"), (c."region_code")) a("code")
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active' AND p."listed"
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_service_rows"("service_ids" uuid[])
RETURNS SETOF "catalogue_services" LANGUAGE sql STABLE AS $$
  SELECT fs."id", fs."name", fs."form", fs."place", fs."sponsored", fs."verified",
         f."id", f."name", f."street", f."city", f."zipcode", fc."code", fc."name",
         p."id", p."name", p."verified", st."id", st."code", st."form", sc."id", sc."code",
         fs."price_amount_minor", fs."price_currency", fs."price_vat_rate_percent",
         fs."accepting_clients", fs."free_places", fs."waiting_weeks", fs."capacity_confirmed_at"
  FROM "facility_services" fs
  JOIN "facilities" f ON f."id" = fs."facility_id"
  JOIN "providers" p ON p."id" = fs."provider_id"
  JOIN "service_types" st ON st."id" = fs."service_type_id"
  JOIN "service_categories" sc ON sc."id" = fs."service_category_id"
  LEFT JOIN "counties" fc ON fc."code" = f."county_code"
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active' AND p."listed"
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
         "price_amount_minor", "capacity_state", "capacity_confirmed_at")
      = ROW(excluded."verified", excluded."name", excluded."service_type_id", excluded."service_category_id",
            excluded."form", excluded."price_in_other_currency", excluded."price_amount_minor",
            excluded."capacity_state", excluded."capacity_confirmed_at")
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
         "price_amount_minor", "price_currency", "price_vat_rate_percent",
         "accepting_clients", "free_places", "waiting_weeks", "capacity_confirmed_at")
      = ROW(excluded."name", excluded."form", excluded."place", excluded."sponsored",
            excluded."verified", excluded."facility_id", excluded."facility_name", excluded."street", excluded."city",
            excluded."zipcode", excluded."county_code", excluded."county_name", excluded."provider_id",
            excluded."provider_name", excluded."provider_verified", excluded."service_type_id",
            excluded."service_type_code", excluded."service_type_form", excluded."service_category_id",
            excluded."service_category_code", excluded."price_amount_minor", excluded."price_currency",
            excluded."price_vat_rate_percent", excluded."accepting_clients", excluded."free_places",
            excluded."waiting_weeks", excluded."capacity_confirmed_at")
    WHERE ROW(cs.*) IS DISTINCT FROM ROW(excluded.*);
END $$;--> statement-breakpoint
-- A capacity update (even "confirm as is", which moves only the time) refreshes the service's rows.
CREATE OR REPLACE FUNCTION "catalogue_areas_service_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_refresh"(ARRAY(
    SELECT n."id" FROM "new_services" n JOIN "old_services" o ON o."id" = n."id"
    WHERE (n."status", n."verified", n."name", n."price_amount_minor", n."price_currency",
           n."price_vat_rate_percent", n."service_type_id", n."service_category_id", n."form", n."place",
           n."sponsored", n."facility_id", n."provider_id", n."accepting_clients", n."free_places",
           n."waiting_weeks", n."capacity_confirmed_at")
      IS DISTINCT FROM (o."status", o."verified", o."name", o."price_amount_minor", o."price_currency",
                        o."price_vat_rate_percent", o."service_type_id", o."service_category_id", o."form",
                        o."place", o."sponsored", o."facility_id", o."provider_id", o."accepting_clients",
                        o."free_places", o."waiting_weeks", o."capacity_confirmed_at")));
  RETURN NULL;
END $$;
