-- GET /public/stats/ (modules/public-stats, migration 0047): totals across every organisation,
-- nothing of one. Owned by leadcapture_jobs, which may read only the columns it counts.

CREATE OR REPLACE FUNCTION public.public_stats()
 RETURNS TABLE(leads bigint, events bigint, organizations bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT
    (SELECT count(*) FROM leads WHERE deleted_at IS NULL),
    (SELECT count(*) FROM events WHERE status NOT IN ('draft', 'cancelled')),
    (SELECT count(*) FROM organizations)
$function$

