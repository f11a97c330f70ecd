CREATE TABLE "catalogue_area_counts" (
	"area_code" text NOT NULL,
	"service_type_id" uuid NOT NULL,
	"service_category_id" uuid NOT NULL,
	"form" "service_form" NOT NULL,
	"services" integer NOT NULL,
	CONSTRAINT "catalogue_area_counts_pk" PRIMARY KEY("area_code","service_type_id","service_category_id","form")
);
--> statement-breakpoint
CREATE TABLE "catalogue_area_services" (
	"area_code" text NOT NULL,
	"facility_service_id" uuid NOT NULL,
	"verified" boolean NOT NULL,
	"name" text NOT NULL,
	"price_czk" integer,
	"service_type_id" uuid NOT NULL,
	"service_category_id" uuid NOT NULL,
	"form" "service_form" NOT NULL,
	CONSTRAINT "catalogue_area_services_pk" PRIMARY KEY("area_code","facility_service_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_services" (
	"facility_service_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"form" "service_form" NOT NULL,
	"price_czk" integer,
	"place" text,
	"sponsored" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"facility_id" uuid NOT NULL,
	"facility_name" text NOT NULL,
	"street" text,
	"city" text,
	"zipcode" text,
	"county_code" text,
	"county_name" text,
	"provider_id" uuid NOT NULL,
	"provider_name" text NOT NULL,
	"provider_verified" boolean NOT NULL,
	"service_type_id" uuid NOT NULL,
	"service_type_code" text NOT NULL,
	"service_type_form" "service_form" NOT NULL,
	"service_category_id" uuid NOT NULL,
	"service_category_code" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_area_services_recommended_idx" ON "catalogue_area_services" USING btree ("area_code","verified" DESC NULLS LAST,"name" collate "cs-x-icu","facility_service_id","service_type_id","service_category_id","form");--> statement-breakpoint
CREATE INDEX "catalogue_area_services_name_idx" ON "catalogue_area_services" USING btree ("area_code","name" collate "cs-x-icu","facility_service_id","service_type_id","service_category_id","form");--> statement-breakpoint
CREATE INDEX "catalogue_area_services_price_idx" ON "catalogue_area_services" USING btree ("area_code","price_czk","facility_service_id","service_type_id","service_category_id","form");--> statement-breakpoint
CREATE INDEX "catalogue_area_services_price_desc_idx" ON "catalogue_area_services" USING btree ("area_code","price_czk" DESC NULLS LAST,"facility_service_id","service_type_id","service_category_id","form");--> statement-breakpoint
CREATE INDEX "catalogue_area_services_facility_service_id_idx" ON "catalogue_area_services" USING btree ("facility_service_id");--> statement-breakpoint
-- The tables above are kept by the triggers below, in the transaction that changes what they derive
-- from (drizzle does not model triggers). A service is listed when it is active and has county links.
-- Its area rows: one per county it serves and one per region of those counties — what the public list
-- computed per request before.
CREATE FUNCTION "catalogue_area_rows"("service_ids" uuid[])
RETURNS TABLE ("area_code" text, "facility_service_id" uuid, "verified" boolean, "name" text, "price_czk" integer,
               "service_type_id" uuid, "service_category_id" uuid, "form" "service_form")
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT a."code", fs."id", fs."verified", fs."name", fs."price_czk", fs."service_type_id",
         fs."service_category_id", fs."form"
  FROM "facility_services" fs
  JOIN "facility_service_counties" fsc ON fsc."facility_service_id" = fs."id"
  JOIN "counties" c ON c."code" = fsc."county_code"
  CROSS JOIN LATERAL (VALUES (c."code"), (c."region_code")) a("code")
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active'
$$;--> statement-breakpoint
-- Its list item: the service with its facility, provider, the facility's county and its taxonomy.
CREATE FUNCTION "catalogue_service_rows"("service_ids" uuid[])
RETURNS SETOF "catalogue_services" LANGUAGE sql STABLE AS $$
  SELECT fs."id", fs."name", fs."form", fs."price_czk", fs."place", fs."sponsored", fs."verified",
         f."id", f."name", f."street", f."city", f."zipcode", fc."code", fc."name",
         p."id", p."name", p."verified", st."id", st."code", st."form", sc."id", sc."code"
  FROM "facility_services" fs
  JOIN "facilities" f ON f."id" = fs."facility_id"
  JOIN "providers" p ON p."id" = fs."provider_id"
  JOIN "service_types" st ON st."id" = fs."service_type_id"
  JOIN "service_categories" sc ON sc."id" = fs."service_category_id"
  LEFT JOIN "counties" fc ON fc."code" = f."county_code"
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active'
    AND EXISTS (SELECT FROM "facility_service_counties" fsc WHERE fsc."facility_service_id" = fs."id")
$$;--> statement-breakpoint
-- Brings the services' rows in line with what they derive from, one statement per table; rows that
-- stay the same are not written, so a change of a description costs nothing here.
CREATE FUNCTION "catalogue_areas_refresh"("service_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
    SET ("verified", "name", "price_czk", "service_type_id", "service_category_id", "form")
      = ROW(excluded."verified", excluded."name", excluded."price_czk", excluded."service_type_id",
            excluded."service_category_id", excluded."form")
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
    SET ("name", "form", "price_czk", "place", "sponsored", "verified", "facility_id", "facility_name", "street",
         "city", "zipcode", "county_code", "county_name", "provider_id", "provider_name", "provider_verified",
         "service_type_id", "service_type_code", "service_type_form", "service_category_id", "service_category_code")
      = ROW(excluded."name", excluded."form", excluded."price_czk", excluded."place", excluded."sponsored",
            excluded."verified", excluded."facility_id", excluded."facility_name", excluded."street", excluded."city",
            excluded."zipcode", excluded."county_code", excluded."county_name", excluded."provider_id",
            excluded."provider_name", excluded."provider_verified", excluded."service_type_id",
            excluded."service_type_code", excluded."service_type_form", excluded."service_category_id",
            excluded."service_category_code")
    WHERE ROW(cs.*) IS DISTINCT FROM ROW(excluded.*);
END $$;--> statement-breakpoint
-- The same for changes that do not lock the services' rows themselves (county links, a facility, a
-- provider, a county, the taxonomy). The rows are locked first, in id order: two transactions changing
-- one service take turns, and the later one, whose next statements see what the earlier committed
-- (read committed), recomputes from both. The no-op update makes a repeatable-read or serializable
-- transaction that would recompute from a snapshot older than the other's commit fail with 40001
-- instead of writing stale rows.
CREATE FUNCTION "catalogue_areas_lock_and_refresh"("service_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("service_ids") = 0 THEN RETURN; END IF;
  PERFORM FROM "facility_services" WHERE "id" = ANY ("service_ids") ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "facility_services" SET "updated_at" = "updated_at" WHERE "id" = ANY ("service_ids");
  PERFORM "catalogue_areas_refresh"("service_ids");
END $$;--> statement-breakpoint
-- A service's counties changed (a deleted service's links go by cascade, and with them its rows).
CREATE FUNCTION "catalogue_areas_links_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(SELECT DISTINCT "facility_service_id" FROM "new_links"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(SELECT DISTINCT "facility_service_id" FROM "old_links"));
  ELSE
    PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(
      SELECT "facility_service_id" FROM "new_links" UNION SELECT "facility_service_id" FROM "old_links"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_links_inserted" AFTER INSERT ON "facility_service_counties"
  REFERENCING NEW TABLE AS "new_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_areas_links_changed"();--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_links_updated" AFTER UPDATE ON "facility_service_counties"
  REFERENCING OLD TABLE AS "old_links" NEW TABLE AS "new_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_areas_links_changed"();--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_links_deleted" AFTER DELETE ON "facility_service_counties"
  REFERENCING OLD TABLE AS "old_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_areas_links_changed"();--> statement-breakpoint
-- A service changed its status or what the lists show, filter or sort by (the update locks its row).
CREATE FUNCTION "catalogue_areas_service_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_refresh"(ARRAY(
    SELECT n."id" FROM "new_services" n JOIN "old_services" o ON o."id" = n."id"
    WHERE (n."status", n."verified", n."name", n."price_czk", n."service_type_id", n."service_category_id", n."form",
           n."place", n."sponsored", n."facility_id", n."provider_id")
      IS DISTINCT FROM (o."status", o."verified", o."name", o."price_czk", o."service_type_id",
                        o."service_category_id", o."form", o."place", o."sponsored", o."facility_id", o."provider_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_service_updated" AFTER UPDATE ON "facility_services"
  REFERENCING OLD TABLE AS "old_services" NEW TABLE AS "new_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_areas_service_changed"();--> statement-breakpoint
-- A facility's name, address or county changed (its list items show them).
CREATE FUNCTION "catalogue_areas_facilities_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(
    SELECT fs."id" FROM "new_facilities" n JOIN "old_facilities" o ON o."id" = n."id"
    JOIN "facility_services" fs ON fs."facility_id" = n."id"
    WHERE (n."name", n."street", n."city", n."zipcode", n."county_code")
      IS DISTINCT FROM (o."name", o."street", o."city", o."zipcode", o."county_code")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_facilities_updated" AFTER UPDATE ON "facilities"
  REFERENCING OLD TABLE AS "old_facilities" NEW TABLE AS "new_facilities"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_areas_facilities_changed"();--> statement-breakpoint
-- A provider's name or verification changed (shown on its services' items; neither hides nor orders them).
CREATE FUNCTION "catalogue_areas_providers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(
    SELECT fs."id" FROM "new_providers" n JOIN "old_providers" o ON o."id" = n."id"
    JOIN "facility_services" fs ON fs."provider_id" = n."id"
    WHERE (n."name", n."verified") IS DISTINCT FROM (o."name", o."verified")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_providers_updated" AFTER UPDATE ON "providers"
  REFERENCING OLD TABLE AS "old_providers" NEW TABLE AS "new_providers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_areas_providers_changed"();--> statement-breakpoint
-- Reference data, changed by a code-list revision if ever: a county renamed or moved to another region
-- (a renamed code reaches links and facilities by cascade), a service type or category recoded.
CREATE FUNCTION "catalogue_areas_county_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(
    SELECT "facility_service_id" FROM "facility_service_counties" WHERE "county_code" = NEW."code"
    UNION
    SELECT fs."id" FROM "facilities" f JOIN "facility_services" fs ON fs."facility_id" = f."id"
    WHERE f."county_code" = NEW."code"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_county_updated" AFTER UPDATE ON "counties"
  FOR EACH ROW WHEN ((OLD."name", OLD."region_code") IS DISTINCT FROM (NEW."name", NEW."region_code"))
  EXECUTE FUNCTION "catalogue_areas_county_changed"();--> statement-breakpoint
CREATE FUNCTION "catalogue_areas_taxonomy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(
    SELECT "id" FROM "facility_services" WHERE "service_type_id" = NEW."id" OR "service_category_id" = NEW."id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_service_type_updated" AFTER UPDATE ON "service_types"
  FOR EACH ROW WHEN ((OLD."code", OLD."form") IS DISTINCT FROM (NEW."code", NEW."form"))
  EXECUTE FUNCTION "catalogue_areas_taxonomy_changed"();--> statement-breakpoint
CREATE TRIGGER "catalogue_areas_service_category_updated" AFTER UPDATE ON "service_categories"
  FOR EACH ROW WHEN (OLD."code" IS DISTINCT FROM NEW."code")
  EXECUTE FUNCTION "catalogue_areas_taxonomy_changed"();--> statement-breakpoint
-- The counts follow the area rows, one upsert per statement, in key order (concurrent writers of one
-- area queue on the same count rows instead of deadlocking within a statement).
CREATE FUNCTION "catalogue_area_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "catalogue_area_counts" AS n
    SELECT "area_code", "service_type_id", "service_category_id", "form", count(*)
    FROM "added_rows" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("area_code", "service_type_id", "service_category_id", "form") DO UPDATE
      SET "services" = n."services" + excluded."services";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalogue_area_counts" AS n
    SELECT "area_code", "service_type_id", "service_category_id", "form", -count(*)
    FROM "removed_rows" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("area_code", "service_type_id", "service_category_id", "form") DO UPDATE
      SET "services" = n."services" + excluded."services";
  ELSE
    INSERT INTO "catalogue_area_counts" AS n
    SELECT "area_code", "service_type_id", "service_category_id", "form", sum("delta")
    FROM (SELECT "area_code", "service_type_id", "service_category_id", "form", 1 AS "delta" FROM "added_rows"
          UNION ALL
          SELECT "area_code", "service_type_id", "service_category_id", "form", -1 FROM "removed_rows") d
    GROUP BY 1, 2, 3, 4 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("area_code", "service_type_id", "service_category_id", "form") DO UPDATE
      SET "services" = n."services" + excluded."services";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_area_counts_added" AFTER INSERT ON "catalogue_area_services"
  REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_area_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "catalogue_area_counts_changed" AFTER UPDATE ON "catalogue_area_services"
  REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_area_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "catalogue_area_counts_removed" AFTER DELETE ON "catalogue_area_services"
  REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_area_counts_apply"();--> statement-breakpoint
-- Backfill: the rows of every service that has county links (the counts follow by trigger).
SELECT "catalogue_areas_refresh"(ARRAY(SELECT DISTINCT "facility_service_id" FROM "facility_service_counties"));
