-- Organisations with mail waiting for the day's digest (modules/notifications/notification-digest.ts);
-- whether it is morning there is decided in the tenant's scope. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.notification_digest_organizations()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT DISTINCT organization_id FROM notification_logs
  WHERE digest AND digest_log_id IS NULL AND status = 'queued'
$function$
