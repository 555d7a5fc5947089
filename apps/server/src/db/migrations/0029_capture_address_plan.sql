-- hand-written: the first live lead of each address is planned for the table as it is at each
-- call (decision 023, "Plans made on an empty table").
-- Migration 0027 kept the sequential scan away from this function's cached plan, and the planner
-- then chose among indexes by statistics of a table that had barely any leads: in one capture
-- benchmark in two it walked the (organization_id, created_at) index and compared lower(email)
-- on every lead of the organisation for every address (PostgreSQL CPU per capture 700 µs against
-- 210-260, the run's rate down by a third). Planning each call anew costs a fraction of that per
-- batch and always sees the (organization_id, lower(email)) index as the cheap one once the table
-- has more than a few pages. (CREATE OR REPLACE sets the function's settings anew: 0027's
-- enable_seqscan = off goes.)
CREATE OR REPLACE FUNCTION leads_first_live_ids(p_addresses text[])
RETURNS TABLE (address text, lead_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
SET plan_cache_mode = force_custom_plan
AS $$
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
