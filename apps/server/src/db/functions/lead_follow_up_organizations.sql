-- Organisations with a follow-up that may be due in someone's timezone (UTC-12 … UTC+14) and not
-- reminded yet (modules/notifications/follow-up-reminders.service.ts); the exact day, in the
-- recipient's timezone, is decided in the tenant's scope. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.lead_follow_up_organizations()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT DISTINCT organization_id FROM leads
  WHERE deleted_at IS NULL AND follow_up_reminded_at IS NULL
    AND follow_up_date > now() - interval '3 days' AND follow_up_date < now() + interval '1 day'
    AND status NOT IN ('converted', 'closed_won', 'closed_lost', 'lost')
$function$
