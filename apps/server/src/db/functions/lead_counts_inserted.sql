-- The leads rollup's statement trigger on inserted leads (migration 0051, decision 029): +1/-1 per lead
-- entering or leaving a count, appended to lead_count_deltas for the scheduled fold.

CREATE OR REPLACE FUNCTION public.lead_counts_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  INSERT INTO lead_count_deltas (organization_id, created_at, event_id, status, source, delta)
  SELECT n.organization_id, n.created_at, n.event_id, n.status, n.source, 1 FROM new_leads n
  WHERE n.deleted_at IS NULL AND n.approval_status <> 'rejected';
  RETURN NULL;
END
$function$
