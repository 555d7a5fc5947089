-- Every organisation (each has one subscription), for the daily usage records
-- (billing-account.service.ts recordUsageRecords); each is then written in its own scope. Owned by
-- leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.usage_record_organizations()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT organization_id FROM subscriptions ORDER BY organization_id
$function$
