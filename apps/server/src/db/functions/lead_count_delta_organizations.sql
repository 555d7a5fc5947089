-- Organisations with leads rollup deltas to fold (modules/analytics/lead-counts.ts, migration
-- 0051); the fold runs in each organisation's scope. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.lead_count_delta_organizations()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT DISTINCT organization_id FROM lead_count_deltas
$function$
