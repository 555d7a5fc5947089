-- A search for a complete email address (decision 017). The (organization_id, lower(email))
-- index cannot serve it under row-level security: lower() is not leakproof, so the planner keeps
-- the condition until after the tenant policy and reads the organisation's every lead. Like
-- leads_search_ids, this runs as the function's owner within the organisation of the request's
-- setting (the tenant policy's own condition), where the index applies.
CREATE OR REPLACE FUNCTION leads_email_ids(p_email text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER ROWS 1 SET search_path = public, pg_temp AS $$
  SELECT id FROM leads
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    AND lower(email) = lower(p_email)
$$;
