ALTER TABLE "care_requests" DROP CONSTRAINT "care_requests_case_id_facility_service_id_unique";--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "allows_new_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Requests withdrawn or expired before this column let their case ask the service again.
UPDATE "care_requests" cr SET "allows_new_request" = true FROM "request_statuses" rs
  WHERE rs."id" = cr."status_id" AND rs."code" IN ('withdrawn', 'expired');--> statement-breakpoint
CREATE UNIQUE INDEX "care_requests_case_id_facility_service_id_live_unique" ON "care_requests" USING btree ("case_id","facility_service_id") WHERE not "care_requests"."allows_new_request";--> statement-breakpoint
CREATE INDEX "care_requests_case_id_facility_service_id_idx" ON "care_requests" USING btree ("case_id","facility_service_id");