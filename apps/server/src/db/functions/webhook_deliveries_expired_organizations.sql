-- Organisations with webhook deliveries older than the retention (the scheduled
-- webhook_delivery_retention, modules/webhooks/webhook-deliveries.service.ts); the deletion runs
-- in each organisation's scope. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.webhook_deliveries_expired_organizations(p_days integer)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT DISTINCT organization_id FROM webhook_deliveries WHERE created_at < now() - make_interval(days => p_days)
$function$
