-- The first live lead with an address in the organisation of the request's setting (a lead
-- created by hand links to it: modules/leads/leads.service.ts). Runs as the owner, so no tenant
-- policy condition tempts the planner off the (organization_id, lower(email)) index; the bin and
-- the order are applied after the scan (OFFSET 0) so no partial index of live leads qualifies.

CREATE OR REPLACE FUNCTION public.leads_email_first_live_id(p_email text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT id FROM (
    SELECT id, created_at, deleted_at FROM leads
    WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
      AND lower(email) = lower(p_email)
    OFFSET 0
  ) AS same_address
  WHERE deleted_at IS NULL
  ORDER BY created_at, id
  LIMIT 1
$function$
