ALTER TABLE "data_bulk_jobs" ADD COLUMN "selected_ids" jsonb;--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ADD COLUMN "request_meta" jsonb;--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ADD COLUMN "assignees" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "data_bulk_jobs_unfinished_idx" ON "data_bulk_jobs" USING btree ("updated_at") WHERE "data_bulk_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE POLICY "data_bulk_jobs_sweep_update" ON "data_bulk_jobs" AS PERMISSIVE FOR UPDATE TO public USING (current_setting('app.bulk_sweep', true) = 'on') WITH CHECK (current_setting('app.bulk_sweep', true) = 'on');--> statement-breakpoint
ALTER POLICY "data_bulk_jobs_tenant_read" ON "data_bulk_jobs" TO public USING (("data_bulk_jobs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or (current_setting('app.bulk_sweep', true) = 'on'));