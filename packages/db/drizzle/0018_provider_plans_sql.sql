-- The provider plan (decisions 0097, 0098): a provider's services are listed while its free months run
-- or its plan is paid. `providers.listed` holds the answer, so the catalogue's lists stay what they were
-- (their tables just lose an unlisted provider's rows) and cost nothing more per request.

-- Whether the provider's plan lists it at `at`: no plan row (never put on a plan), its free months
-- still running, or its subscription giving access — paid up, or renewing within the 3 grace days of
-- a renewal being retried (`renewalGraceDays` of apps/api/src/subscriptions/active-subscription.ts).
CREATE FUNCTION "provider_plan_listed"("p_provider_id" uuid, "p_at" timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT FROM "provider_plans" pp WHERE pp."provider_id" = "p_provider_id")
    OR EXISTS (SELECT FROM "provider_plans" pp
               WHERE pp."provider_id" = "p_provider_id" AND pp."trial_ends_at" > "p_at")
    OR EXISTS (SELECT FROM "subscriptions" s
               WHERE s."provider_id" = "p_provider_id" AND s."status" IN ('active', 'past-due')
                 AND (s."current_period_end" > "p_at"
                      OR (s."auto_renew" AND s."current_period_end" > "p_at" - interval '3 days')))
$$;--> statement-breakpoint
-- A payment (a subscription started or renewed) or a new trial lists an unlisted provider again in
-- the same transaction: its services are back in the catalogue as soon as it commits. Hiding is the
-- plan sweep's (it also e-mails the provider), never a trigger's.
CREATE FUNCTION "provider_plan_relist"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."provider_id" IS NOT NULL THEN
    UPDATE "providers" SET "listed" = true
    WHERE "id" = NEW."provider_id" AND NOT "listed" AND "provider_plan_listed"(NEW."provider_id", now());
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "provider_plan_subscription_changed" AFTER INSERT OR UPDATE ON "subscriptions"
  FOR EACH ROW WHEN (NEW."provider_id" IS NOT NULL) EXECUTE FUNCTION "provider_plan_relist"();--> statement-breakpoint
CREATE TRIGGER "provider_plan_changed" AFTER INSERT OR UPDATE ON "provider_plans"
  FOR EACH ROW EXECUTE FUNCTION "provider_plan_relist"();--> statement-breakpoint
-- The catalogue's rows: a service is listed when it is active, has counties and its provider is listed.
CREATE OR REPLACE FUNCTION "catalogue_area_rows"("service_ids" uuid[])
RETURNS TABLE ("area_code" text, "facility_service_id" uuid, "verified" boolean, "name" text,
               "service_type_id" uuid, "service_category_id" uuid, "form" "service_form",
               "price_in_other_currency" boolean, "price_amount_minor" integer)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT a."code", fs."id", fs."verified", fs."name", fs."service_type_id", fs."service_category_id",
         fs."form",
         CASE left(a."code", 2) WHEN 'SK' THEN fs."price_currency" <> 'EUR' ELSE fs."price_currency" <> 'CZK' END,
         fs."price_amount_minor"
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
         fs."price_amount_minor", fs."price_currency", fs."price_vat_rate_percent"
  FROM "facility_services" fs
  JOIN "facilities" f ON f."id" = fs."facility_id"
  JOIN "providers" p ON p."id" = fs."provider_id"
  JOIN "service_types" st ON st."id" = fs."service_type_id"
  JOIN "service_categories" sc ON sc."id" = fs."service_category_id"
  LEFT JOIN "counties" fc ON fc."code" = f."county_code"
  WHERE fs."id" = ANY ("service_ids") AND fs."status" = 'active' AND p."listed"
    AND EXISTS (SELECT FROM "facility_service_counties" fsc WHERE fsc."facility_service_id" = fs."id")
$$;--> statement-breakpoint
-- A provider's name or verification changed (shown on its services' items), or its listing (hides them).
CREATE OR REPLACE FUNCTION "catalogue_areas_providers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_areas_lock_and_refresh"(ARRAY(
    SELECT fs."id" FROM "new_providers" n JOIN "old_providers" o ON o."id" = n."id"
    JOIN "facility_services" fs ON fs."provider_id" = n."id"
    WHERE (n."name", n."verified", n."listed") IS DISTINCT FROM (o."name", o."verified", o."listed")));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Backfill (decision 0098): providers already on the platform start their three free months now, like
-- a provider that joins today; nobody is hidden by this migration.
INSERT INTO "provider_plans" ("provider_id", "trial_started_at", "trial_ends_at")
SELECT "id", now(), (now() AT TIME ZONE 'Europe/Prague' + interval '3 months') AT TIME ZONE 'Europe/Prague'
FROM "providers"
ON CONFLICT ("provider_id") DO NOTHING;
