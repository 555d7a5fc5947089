-- hand-written: a capture's address is looked up by its own key, through an index no other query
-- shares (decision 023, "Plans made on an empty table").
-- 0026's lookup found an address's leads with `organization_id = … AND lower(email) = …`, which
-- four indexes of leads can start with the organisation. Without statistics (a new database, or
-- a table a rush is filling faster than autovacuum analyses it) the planner rates the
-- organisation a handful of rows, so any of them looks as cheap as the address index, and the
-- ORDER BY … LIMIT 1 made a walk of the created_at index, stopped at the first match, look
-- cheaper still. It took that walk in 3 capture benchmark runs of 7 (PostgreSQL 619-726 µs per
-- capture against 205-261), and on PostgreSQL under the test suite read all 3,000 leads of an
-- organisation for every unknown address. Planning each call anew did not help: the estimates
-- are the same.
-- The key is the one the duplicate check's advisory lock already takes, the 64-bit hash of
-- organisation ':' lower-cased address. `leads_address_key_idx` holds it for every lead (8
-- bytes, one more entry per lead), and the lookup names it and nothing else an index can use:
-- the organisation and the address are checked on the rows it finds (a hash may collide), so no
-- other plan exists whatever the statistics, and the plan may be kept.
CREATE INDEX "leads_address_key_idx" ON "leads" (hashtextextended("organization_id"::text || ':' || lower("email"), 0));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_first_live_ids(p_addresses text[])
RETURNS TABLE (address text, lead_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
-- Never a scan of the table for a plan made while it was empty (0027).
SET enable_seqscan = off
AS $$
DECLARE
  -- As the key spells it: the uuid's own text.
  v_organization text := nullif(current_setting('app.organization_id', true), '')::uuid::text;
BEGIN
  RETURN QUERY
  WITH same_address AS MATERIALIZED (
    SELECT lower(l.email) AS address, l.id, l.created_at, l.deleted_at FROM leads l
    WHERE hashtextextended(l.organization_id::text || ':' || lower(l.email), 0) = ANY (
            ARRAY(SELECT hashtextextended(v_organization || ':' || a.address, 0) FROM unnest(p_addresses) AS a(address)))
      -- Checks on the rows found, in forms no index answers.
      AND l.organization_id::text = v_organization
      AND lower(l.email) = ANY (p_addresses)
  )
  SELECT DISTINCT ON (s.address) s.address, s.id
  FROM same_address s
  WHERE s.deleted_at IS NULL
  ORDER BY s.address, s.created_at, s.id;
END
$$;
