-- hand-written: drizzle-kit has no INCLUDE; the index it would create, with the score included so
-- the list's score filter needs no table row (leads.table.ts, decision 017).
CREATE INDEX "leads_live_assigned_status_idx" ON "leads" USING btree ("organization_id","assigned_to","status","created_at") INCLUDE ("score") WHERE "leads"."deleted_at" is null;
