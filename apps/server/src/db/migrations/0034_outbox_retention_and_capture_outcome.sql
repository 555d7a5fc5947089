-- hand-written: the outbox's retention, and capture_leads answering a typed outcome.
-- Retention (jobs/outbox-retention.ts, docs/jobs.md "Outbox") deletes delivered rows after 7
-- days and dead rows after 30, in batches ordered by when they finished: these partial indexes
-- find them without reading the pending rows (or each other). Dead rows are few; delivered rows
-- are most of the table, one entry each.
CREATE INDEX "outbox_delivered_idx" ON "outbox" USING btree ("delivered_at") WHERE "outbox"."delivered_at" is not null;
--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("failed_at") WHERE "outbox"."failed_at" is not null;
