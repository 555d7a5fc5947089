-- The leads rollup's statement trigger on deleted leads (migration 0051, decision 029): +1/-1 per lead
-- entering or leaving a count, appended to lead_count_deltas for the scheduled fold.

CREATE OR REPLACE FUNCTION public.lead_counts_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  INSERT INTO lead_count_deltas (organization_id, created_at, event_id, status, source, delta)
  SELECT o.organization_id, o.created_at, o.event_id, o.status, o.source, -1 FROM old_leads o
  WHERE o.deleted_at IS NULL AND o.approval_status <> 'rejected'
    AND EXISTS (SELECT 1 FROM organizations WHERE id = o.organization_id);
  RETURN NULL;
END
$function$
