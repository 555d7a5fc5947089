DROP INDEX "leads_tags_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_merged_into_id_leads_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_live_source_idx" ON "leads" USING btree ("organization_id","source","created_at") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_tags_lower_idx" ON "leads" USING gin ((lower("tags"::text)::jsonb));--> statement-breakpoint
-- hand-written: the free-text search of the leads list and of an event's leads (decision 017).
-- One trigram index over the searched columns joined the way the search condition joins them;
-- pg_trgm is a trusted extension on PostgreSQL and a contrib module PGlite loads (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_search_trgm_idx" ON "leads" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "company") gin_trgm_ops);
