-- Catalogue invalidation by county (decision 0126, amending 0114). A change to the rows of a service,
-- facility, provider, contact or survey link notifies `catalogue_changed` with the counties whose pages
-- can show those rows (read as in 0028, from the statement's rows before and after; a county link names
-- all the counties of its service, which the service's detail lists), and a service entering or leaving
-- a region's list notifies that region: the one change to the region a county's own page shows (the
-- region's count of services; a county fallen back to its region's list is cleared by a change in any
-- of the region's counties). The API clears a county's own page only when its county or its region is
-- named, a region's page when it or one of its counties is.
--
-- The payload is `<table>/<area>,<area>`: a slash where 0114 had a colon, so that an API process of
-- before 0126 (still running during a rolling upgrade) reads it as a bare table name and clears
-- everything, instead of reading counties as regions and missing them. TRUNCATE and the code lists
-- keep the bare table name, which clears everything, as before.
CREATE OR REPLACE FUNCTION "catalogue_changed_rows_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  counties_sql text;
  found_counties text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'select * from new_rows'
    WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from old_rows union all select * from new_rows'
  END;
  counties_sql := CASE TG_TABLE_NAME
    WHEN 'facility_service_counties' THEN
      'select r.county_code from changed r
       union select f.county_code from facility_services s join facilities f on f.id = s.facility_id
         join changed r on s.id = r.facility_service_id
       union select c.county_code from facility_service_counties c
         join changed r on c.facility_service_id = r.facility_service_id'
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
     select string_agg(distinct shown.county_code, '','' order by shown.county_code) from shown',
    changed, counties_sql) INTO found_counties;
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME || '/' || coalesce(found_counties, ''));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A region's rows in `catalogue_area_services` are inserted and deleted only when a service enters or
-- leaves its list (a change of what a listed service shows updates them, a move between two counties of
-- one region leaves them as they are): the regions of those rows are the ones whose count changed.
CREATE FUNCTION "catalogue_region_members_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_regions text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT r."code", ',' ORDER BY r."code") INTO found_regions
    FROM "regions" r WHERE r."code" IN (SELECT "area_code" FROM "added_rows");
  ELSE
    SELECT string_agg(DISTINCT r."code", ',' ORDER BY r."code") INTO found_regions
    FROM "regions" r WHERE r."code" IN (SELECT "area_code" FROM "removed_rows");
  END IF;
  IF found_regions IS NOT NULL THEN
    PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME || '/' || found_regions);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalogue_region_members_added" AFTER INSERT ON "catalogue_area_services"
  REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_region_members_notify"();--> statement-breakpoint
CREATE TRIGGER "catalogue_region_members_removed" AFTER DELETE ON "catalogue_area_services"
  REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_region_members_notify"();
