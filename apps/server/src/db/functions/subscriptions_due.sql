-- Organisations whose subscription period has ended by p_now (billing.service.ts advanceSubscriptions),
-- oldest first; each is then moved on in its own scope. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.subscriptions_due(p_now timestamp with time zone)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT organization_id FROM subscriptions WHERE current_period_end <= p_now ORDER BY current_period_end
$function$

