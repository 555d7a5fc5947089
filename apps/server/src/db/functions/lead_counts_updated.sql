-- The leads rollup's statement trigger on updated leads (migration 0051, decision 029): +1/-1 per lead
-- entering or leaving a count, appended to lead_count_deltas for the scheduled fold.

CREATE OR REPLACE FUNCTION public.lead_counts_updated()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  INSERT INTO lead_count_deltas (organization_id, created_at, event_id, status, source, delta)
  SELECT c.organization_id, c.created_at, c.event_id, c.status, c.source, c.delta
  FROM old_leads o JOIN new_leads n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (o.organization_id, o.created_at, o.event_id, o.status, o.source, -1::smallint,
     o.deleted_at IS NULL AND o.approval_status <> 'rejected'),
    (n.organization_id, n.created_at, n.event_id, n.status, n.source, 1::smallint,
     n.deleted_at IS NULL AND n.approval_status <> 'rejected')
  ) AS c(organization_id, created_at, event_id, status, source, delta, live)
  WHERE c.live
    AND ((o.deleted_at IS NULL AND o.approval_status <> 'rejected')
         IS DISTINCT FROM (n.deleted_at IS NULL AND n.approval_status <> 'rejected')
      OR (o.organization_id, o.created_at, o.event_id, o.status, o.source)
         IS DISTINCT FROM (n.organization_id, n.created_at, n.event_id, n.status, n.source));
  RETURN NULL;
END
$function$
