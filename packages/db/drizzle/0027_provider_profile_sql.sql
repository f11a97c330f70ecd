-- A facility "same as provider" shows the provider's address: its address columns are the provider's,
-- kept so by the database (decision 0100), so the catalogue's triggers (0006) follow them as they follow
-- any facility edit. Self-contained: it only needs providers.county_code (0017).
UPDATE "providers" p SET "county_code" = f."county_code"
  FROM "facilities" f
  WHERE f."provider_id" = p."id" AND f."same_as_provider" AND p."county_code" IS NULL;--> statement-breakpoint
CREATE FUNCTION "facilities_take_provider_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."same_as_provider" THEN
    SELECT p."street", p."city", p."zipcode", p."county_code"
      INTO NEW."street", NEW."city", NEW."zipcode", NEW."county_code"
      FROM "providers" p WHERE p."id" = NEW."provider_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "facilities_take_provider_address" BEFORE INSERT OR UPDATE ON "facilities"
  FOR EACH ROW EXECUTE FUNCTION "facilities_take_provider_address"();--> statement-breakpoint
CREATE FUNCTION "providers_address_to_facilities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The BEFORE trigger above copies the provider's new address into each row touched.
  UPDATE "facilities" SET "updated_at" = now()
    WHERE "provider_id" = NEW."id" AND "same_as_provider";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "providers_address_to_facilities" AFTER UPDATE OF "street", "city", "zipcode", "county_code" ON "providers"
  FOR EACH ROW
  WHEN ((OLD."street", OLD."city", OLD."zipcode", OLD."county_code")
        IS DISTINCT FROM (NEW."street", NEW."city", NEW."zipcode", NEW."county_code"))
  EXECUTE FUNCTION "providers_address_to_facilities"();
