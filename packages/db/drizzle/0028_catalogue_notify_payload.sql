-- Narrower catalogue invalidation (decision 0114, amending 0107): a change to the rows of a service,
-- facility, provider, contact or survey link notifies `catalogue_changed` with the regions whose pages
-- can show those rows, as `<table>:<region>,<region>` (an empty list after the colon: no region's
-- pages), so each API process clears only the cached answers of those regions. Regions are read
-- through the counties of the rows before and after the statement (transition tables), so a move
-- from one region to another clears both. TRUNCATE and the code lists (service types and categories,
-- regions, counties) keep the bare table name, which clears everything, as before.
CREATE OR REPLACE FUNCTION "catalogue_changed_rows_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  counties_sql text;
  found_regions text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'select * from new_rows'
    WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from old_rows union all select * from new_rows'
  END;
  counties_sql := CASE TG_TABLE_NAME
    WHEN 'facility_service_counties' THEN
      'select r.county_code from changed r'
    WHEN 'facility_services' THEN
      'select f.county_code from facilities f join changed r on f.id = r.facility_id
       union select c.county_code from facility_service_counties c join changed r on c.facility_service_id = r.id'
    WHEN 'facility_service_surveys' THEN
      'select f.county_code from facility_services s join facilities f on f.id = s.facility_id
         join changed r on s.id = r.facility_service_id
       union select c.county_code from facility_service_counties c
         join changed r on c.facility_service_id = r.facility_service_id'
    WHEN 'facilities' THEN
      'select r.county_code from changed r
       union select c.county_code from facility_services s
         join facility_service_counties c on c.facility_service_id = s.id join changed r on s.facility_id = r.id'
    WHEN 'providers' THEN
      'select r.county_code from changed r
       union select f.county_code from facilities f join changed r on f.provider_id = r.id
       union select c.county_code from facility_services s
         join facility_service_counties c on c.facility_service_id = s.id join changed r on s.provider_id = r.id'
    WHEN 'contacts' THEN
      'select f.county_code from facilities f join changed r on f.id = r.facility_id
       union select f.county_code from facilities f join changed r on f.provider_id = r.provider_id
       union select c.county_code from facility_services s
         join facility_service_counties c on c.facility_service_id = s.id join changed r on s.facility_id = r.facility_id
       union select c.county_code from facility_services s
         join facility_service_counties c on c.facility_service_id = s.id join changed r on s.provider_id = r.provider_id'
  END;
  EXECUTE format(
    'with changed as (%s), shown as (%s)
     select string_agg(distinct k.region_code, '','' order by k.region_code)
     from counties k join shown on k.code = shown.county_code',
    changed, counties_sql) INTO found_regions;
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME || ':' || coalesce(found_regions, ''));
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  shown text;
BEGIN
  FOREACH shown IN ARRAY ARRAY[
    'providers', 'facilities', 'facility_services', 'facility_service_counties', 'contacts',
    'facility_service_surveys'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS "catalogue_changed" ON %I', shown);
    EXECUTE format(
      'CREATE TRIGGER "catalogue_changed" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()', shown);
    EXECUTE format(
      'CREATE TRIGGER "catalogue_changed_insert" AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_rows_notify"()', shown);
    EXECUTE format(
      'CREATE TRIGGER "catalogue_changed_update" AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_rows_notify"()', shown);
    EXECUTE format(
      'CREATE TRIGGER "catalogue_changed_delete" AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_rows_notify"()', shown);
  END LOOP;
END $$;
