CREATE TABLE "facility_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"image_key" text NOT NULL,
	"position" integer NOT NULL,
	"alt_cs" text,
	"alt_sk" text,
	"alt_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_photos_position_non_negative" CHECK ("facility_photos"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_images" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_images_key_is_sha256" CHECK ("stored_images"."key" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "stored_images_dimensions_positive" CHECK ("stored_images"."width" > 0 and "stored_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "logo_image_key" text;--> statement-breakpoint
ALTER TABLE "facility_photos" ADD CONSTRAINT "facility_photos_image_key_stored_images_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."stored_images"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_photos" ADD CONSTRAINT "facility_photos_facility_fk" FOREIGN KEY ("provider_id","facility_id") REFERENCES "public"."facilities"("provider_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facility_photos_facility_position_idx" ON "facility_photos" USING btree ("facility_id","position");--> statement-breakpoint
CREATE INDEX "facility_photos_image_key_idx" ON "facility_photos" USING btree ("image_key");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_logo_image_key_stored_images_key_fk" FOREIGN KEY ("logo_image_key") REFERENCES "public"."stored_images"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "providers_logo_image_key_idx" ON "providers" USING btree ("logo_image_key");