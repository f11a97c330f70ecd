-- Catalogue invalidation (decision 0107): every committed change to a table the public catalogue shows
-- notifies the channel `catalogue_changed`, whoever wrote it (the API, the seed, a migration, an
-- operator's SQL). `pg_notify` is transactional: delivered to the API processes' listeners only if the
-- transaction commits, after it commits, and identical notifications of one transaction arrive once.
-- Triggers are per table and per statement, so columns added later are covered and a bulk statement
-- costs one notification. A table added later (images, capacity history) joins with one line:
--   CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "<table>"
--     FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE OR REPLACE FUNCTION "catalogue_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  shown text;
BEGIN
  FOREACH shown IN ARRAY ARRAY[
    'providers', 'facilities', 'facility_services', 'facility_service_counties', 'contacts',
    'facility_service_surveys', 'service_types', 'service_categories', 'regions', 'counties'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS "catalogue_changed" ON %I', shown);
    EXECUTE format(
      'CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()', shown);
  END LOOP;
END $$;
