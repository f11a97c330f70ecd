-- The provider inbox at a million requests (pnpm bench inbox, docs/performance.md): the grid's default
-- order per provider, a worker's facilities, and "assigned to me" in creation order.
DROP INDEX "care_requests_assignee_provider_user_id_idx";--> statement-breakpoint
CREATE INDEX "care_requests_assignee_provider_user_id_created_at_idx" ON "care_requests" USING btree ("assignee_provider_user_id","created_at" DESC NULLS FIRST) WHERE "care_requests"."assignee_provider_user_id" is not null;--> statement-breakpoint
CREATE INDEX "care_requests_provider_id_created_at_id_idx" ON "care_requests" USING btree ("provider_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "care_requests_facility_id_created_at_idx" ON "care_requests" USING btree ("facility_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "care_requests_assignee_facility_id_created_at_idx" ON "care_requests" USING btree ("assignee_facility_id","created_at" DESC NULLS FIRST) WHERE "care_requests"."assignee_facility_id" is not null;