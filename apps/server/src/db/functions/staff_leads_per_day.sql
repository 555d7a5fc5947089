-- Staff console (modules/staff, GET /admin/stats/): leads per day over p_days and all leads,
-- counted without a staff policy on leads (migration 0050). Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.staff_leads_per_day(p_days integer)
 RETURNS TABLE(day text, leads integer, total integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT to_char(d.day, 'YYYY-MM-DD'), count(l.organization_id)::int, (SELECT count(*)::int FROM leads)
  FROM generate_series(date_trunc('day', now()) - make_interval(days => p_days - 1), date_trunc('day', now()), interval '1 day') AS d(day)
  LEFT JOIN leads l ON l.created_at >= d.day AND l.created_at < d.day + interval '1 day'
  GROUP BY d.day ORDER BY d.day
$function$
