-- A service's status moves only along the transitions of decision 0101: draft → active (activate),
-- active → draft (deactivate), draft or active → archive, archive → draft (restore). The API checks
-- them first and answers 409; this keeps every other writer to them as well.
CREATE FUNCTION "facility_services_status_transition"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" AND NOT (
       (OLD."status" = 'draft' AND NEW."status" IN ('active', 'archive'))
    OR (OLD."status" = 'active' AND NEW."status" IN ('draft', 'archive'))
    OR (OLD."status" = 'archive' AND NEW."status" = 'draft')
  ) THEN
    RAISE EXCEPTION 'service % cannot move from % to %', OLD."id", OLD."status", NEW."status"
      USING ERRCODE = '23514', CONSTRAINT = 'facility_services_status_transition';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "facility_services_status_transition" BEFORE UPDATE OF "status" ON "facility_services"
  FOR EACH ROW EXECUTE FUNCTION "facility_services_status_transition"();--> statement-breakpoint
-- Listed services without a price were priced individually until now: say so, so they stay complete.
UPDATE "facility_services" SET "individual_price" = true
  WHERE "price_amount_minor" IS NULL AND "status" = 'active';
