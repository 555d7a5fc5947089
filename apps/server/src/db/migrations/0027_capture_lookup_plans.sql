-- hand-written: the capture's two lookups on leads go by index whatever the statistics say
-- (decision 023, "Plans made on an empty table").
-- A PL/pgSQL function plans its query once per connection and keeps that plan until the table's
-- statistics change. On a new database, or before autovacuum has analysed a table that a rush of
-- captures is filling, the first plan is made for an empty leads table, where a sequential scan
-- is the cheapest way to find a few ids; the connection then kept scanning the whole table for
-- every batch, each scan longer than the last (measured in the capture benchmark: 2,670 scans
-- reading 52 million rows for 40,000 captures, a third of PostgreSQL's time). Both functions
-- look leads up by key, the ids by the primary key and the addresses by the
-- (organization_id, lower(email)) index, so a sequential scan is never the right plan for them:
-- the planner is told so for their own statements, and nothing else is changed.
CREATE OR REPLACE FUNCTION leads_taken_ids(p_ids uuid[])
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY
  SELECT by_id.id FROM (SELECT l.id, l.organization_id FROM leads l WHERE l.id = ANY (p_ids) OFFSET 0) AS by_id
  WHERE by_id.organization_id = nullif(current_setting('app.organization_id', true), '')::uuid;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_first_live_ids(p_addresses text[])
RETURNS TABLE (address text, lead_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY
  SELECT a.address, first_live.id
  FROM unnest(p_addresses) AS a(address)
  CROSS JOIN LATERAL (
    SELECT id FROM (
      SELECT id, created_at, deleted_at FROM leads
      WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
        AND lower(email) = a.address
      OFFSET 0
    ) AS same_address
    WHERE deleted_at IS NULL
    ORDER BY same_address.created_at, same_address.id
    LIMIT 1
  ) AS first_live;
END
$$;
