DROP INDEX "leads_tags_idx";--> statement-breakpoint
DROP INDEX "leads_live_score_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_merged_into_id_leads_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_live_created_idx" ON "leads" USING btree ("organization_id","created_at","id") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_live_source_idx" ON "leads" USING btree ("organization_id","source","created_at") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_tags_lower_idx" ON "leads" USING gin ((lower("tags"::text)::jsonb));--> statement-breakpoint
CREATE INDEX "leads_live_score_idx" ON "leads" USING btree ("organization_id","score","id") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
-- hand-written: the free-text search of the leads list and of an event's leads (decision 017).
-- One trigram index over the searched columns joined the way the search condition joins them;
-- pg_trgm is a trusted extension on PostgreSQL and a contrib module PGlite loads (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_search_trgm_idx" ON "leads" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "company") gin_trgm_ops);
--> statement-breakpoint
-- Under row-level security the planner uses an index only for leakproof operators, and ILIKE is
-- not one: the search runs here, as the function's owner (who bypasses RLS where the owner is
-- a superuser, as with PGlite and the usual migration role), within the organisation of the
-- request's setting, exactly as the tenant policy would limit it. The list's query then keeps
-- only the ids this answers (leads.service.ts searchCondition).
-- ROWS 10: the planner should drive the list from the matches (a few primary-key lookups) rather
-- than walk the organisation's leads in list order testing each against them.
CREATE OR REPLACE FUNCTION leads_search_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 10 SET search_path = public, pg_temp AS $$
BEGIN
  -- EXECUTE plans with the pattern itself, so the trigram index's selectivity is known.
  RETURN QUERY EXECUTE
    'SELECT id FROM leads WHERE organization_id = $1
       AND (first_name || '' '' || last_name || '' '' || email || '' '' || company) ILIKE $2'
    USING nullif(current_setting('app.organization_id', true), '')::uuid, p_pattern;
END
$$;
