-- A search for a complete email address (decision 017). Under row-level security lower() is not
-- leakproof and the (organization_id, lower(email)) index cannot serve it; this runs as the owner
-- within the organisation of the request's setting (the tenant policy's own condition).

CREATE OR REPLACE FUNCTION public.leads_email_ids(p_email text)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER ROWS 1
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT id FROM leads
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    AND lower(email) = lower(p_email)
$function$
