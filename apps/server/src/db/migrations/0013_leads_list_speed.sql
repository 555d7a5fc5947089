DROP INDEX "leads_tags_lower_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tags_lower" jsonb GENERATED ALWAYS AS (lower(tags::text)::jsonb) STORED;--> statement-breakpoint
-- hand-written: the searched list's walk (decision 017) reads the organisation's live leads in
-- their default order and tests the searched columns; with them in the index it reads the index
-- alone. drizzle-kit has no INCLUDE, so the index is re-created here under its schema name.
DROP INDEX "leads_live_created_idx";--> statement-breakpoint
CREATE INDEX "leads_live_created_idx" ON "leads" USING btree ("organization_id","created_at","id") INCLUDE ("first_name","last_name","email","company") WHERE "leads"."deleted_at" is null;
