-- Service types and categories named in the database (decision 0131): names in cs, en and sk, a type's
-- retirement and its revision, and the console's staff actions (not used here: an enum value added in
-- the migrator's transaction cannot be used in it).
ALTER TYPE "public"."staff_action" ADD VALUE 'service-type-created';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'service-type-updated';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'service-type-retired';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'service-type-unretired';--> statement-breakpoint
ALTER TYPE "public"."staff_action" ADD VALUE 'service-type-deleted';--> statement-breakpoint
ALTER TYPE "public"."staff_audit_record_type" ADD VALUE 'service-type';--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "names" jsonb;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "names" jsonb;--> statement-breakpoint
-- The names the locale files had (`catalogue:categories`, `catalogue:serviceTypes`), copied exactly; a
-- code they did not know (none is expected) is named by its code until staff name it (decision 0131).
UPDATE "service_categories" c SET "names" = coalesce(n."names", jsonb_build_object('cs', c."code", 'en', c."code", 'sk', c."code"))
FROM "service_categories" c2 LEFT JOIN (VALUES
  ('social', jsonb_build_object('cs', 'Sociální služby', 'en', 'Social services', 'sk', 'Sociálne služby')),
  ('health', jsonb_build_object('cs', 'Zdravotní služby', 'en', 'Health care', 'sk', 'Zdravotná starostlivosť'))
) n("code", "names") ON n."code" = c2."code"
WHERE c2."id" = c."id";--> statement-breakpoint
UPDATE "service_types" t SET "names" = coalesce(n."names", jsonb_build_object('cs', t."code", 'en', t."code", 'sk', t."code"))
FROM "service_types" t2 LEFT JOIN (VALUES
  ('personal-assistance', jsonb_build_object('cs', 'Osobní asistence', 'en', 'Personal assistance', 'sk', 'Osobná asistencia')),
  ('home-care-service', jsonb_build_object('cs', 'Pečovatelská služba', 'en', 'Home care service', 'sk', 'Opatrovateľská služba')),
  ('emergency-care', jsonb_build_object('cs', 'Tísňová péče', 'en', 'Emergency alarm care', 'sk', 'Monitorovanie a signalizácia potreby pomoci')),
  ('respite-care', jsonb_build_object('cs', 'Odlehčovací služba', 'en', 'Respite care', 'sk', 'Odľahčovacia služba')),
  ('day-services-centre', jsonb_build_object('cs', 'Centrum denních služeb', 'en', 'Day services centre', 'sk', 'Centrum denných služieb')),
  ('day-care-centre', jsonb_build_object('cs', 'Denní stacionář', 'en', 'Day care centre', 'sk', 'Denný stacionár')),
  ('home-for-seniors', jsonb_build_object('cs', 'Domov pro seniory', 'en', 'Home for seniors', 'sk', 'Zariadenie pre seniorov')),
  ('special-regime-home', jsonb_build_object('cs', 'Domov se zvláštním režimem', 'en', 'Special-regime home (dementia care)', 'sk', 'Špecializované zariadenie')),
  ('social-activation', jsonb_build_object('cs', 'Sociálně aktivizační služba', 'en', 'Social activation services', 'sk', 'Sociálne aktivizačná služba')),
  ('social-counselling', jsonb_build_object('cs', 'Odborné sociální poradenství', 'en', 'Specialist social counselling', 'sk', 'Špecializované sociálne poradenstvo')),
  ('home-nursing', jsonb_build_object('cs', 'Domácí zdravotní péče', 'en', 'Home nursing', 'sk', 'Domáca ošetrovateľská starostlivosť'))
) n("code", "names") ON n."code" = t2."code"
WHERE t2."id" = t."id";--> statement-breakpoint
ALTER TABLE "service_categories" ALTER COLUMN "names" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ALTER COLUMN "names" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD CONSTRAINT "service_categories_names_valid" CHECK (jsonb_typeof("names") = 'object' AND "names" ?& array['cs', 'en', 'sk'] AND ("names" - array['cs', 'en', 'sk']) = '{}'::jsonb AND jsonb_typeof("names" -> 'cs') = 'string' AND btrim("names" ->> 'cs') <> '' AND jsonb_typeof("names" -> 'en') = 'string' AND btrim("names" ->> 'en') <> '' AND jsonb_typeof("names" -> 'sk') = 'string' AND btrim("names" ->> 'sk') <> '');--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_names_valid" CHECK (jsonb_typeof("names") = 'object' AND "names" ?& array['cs', 'en', 'sk'] AND ("names" - array['cs', 'en', 'sk']) = '{}'::jsonb AND jsonb_typeof("names" -> 'cs') = 'string' AND btrim("names" ->> 'cs') <> '' AND jsonb_typeof("names" -> 'en') = 'string' AND btrim("names" ->> 'en') <> '' AND jsonb_typeof("names" -> 'sk') = 'string' AND btrim("names" ->> 'sk') <> '');--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_code_format" CHECK ("service_types"."code" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' AND length("service_types"."code") <= 60);