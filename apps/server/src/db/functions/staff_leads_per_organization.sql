-- Staff console (modules/staff): leads per organisation, counted without a staff policy on
-- leads (migration 0050). Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.staff_leads_per_organization(p_organization_ids uuid[])
 RETURNS TABLE(organization_id uuid, leads integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT l.organization_id, count(*)::int FROM leads l
  WHERE l.organization_id = ANY (p_organization_ids) GROUP BY l.organization_id
$function$
