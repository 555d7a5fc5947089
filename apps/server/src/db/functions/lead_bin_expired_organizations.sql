-- Organisations with leads in the bin for longer than the retention (the scheduled bin purge,
-- modules/leads/lead-purge.service.ts). Owned by leadcapture_jobs, which may read these columns of
-- every organisation's leads; the purge itself runs in each organisation's scope.

CREATE OR REPLACE FUNCTION public.lead_bin_expired_organizations(retention_days integer)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT DISTINCT organization_id FROM leads
  WHERE deleted_at IS NOT NULL AND deleted_at < now() - make_interval(days => retention_days)
$function$
