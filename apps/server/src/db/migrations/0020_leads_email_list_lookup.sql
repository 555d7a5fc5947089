-- hand-written: the leads with any of a list of addresses (an import batch's duplicates), within
-- the organisation of the request's setting, through the (organization_id, lower(email)) index.
-- Under row-level security a lower(email) condition cannot use that index past its first column
-- (lower() is not leakproof): the batch would read every lead of the organisation. Like
-- leads_email_ids (0012), for a JSON array of lowercased addresses.
CREATE OR REPLACE FUNCTION leads_email_list_ids(p_emails jsonb) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
  SELECT id FROM leads
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    AND lower(email) = ANY(ARRAY(SELECT jsonb_array_elements_text(p_emails)))
$$;
