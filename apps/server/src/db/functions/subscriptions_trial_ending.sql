-- Organisations whose trial ends within 3 days of p_now and whose owners were not yet told
-- (billing-notices.service.ts remindEndingTrials), soonest first. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.subscriptions_trial_ending(p_now timestamp with time zone)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT organization_id FROM subscriptions
  WHERE status = 'trialing' AND trial_reminded_at IS NULL
    AND trial_end > p_now AND trial_end <= p_now + interval '3 days'
  ORDER BY trial_end
$function$
