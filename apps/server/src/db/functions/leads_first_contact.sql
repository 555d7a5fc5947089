-- The lead_activities trigger of speed to lead (migrations 0046, 0062): the first activity a person
-- logs, or their first move of the status away from new, sets first_contacted_at/by once; once per
-- inserted statement (a bulk change of 5,000 leads is one UPDATE, not 5,000).

CREATE OR REPLACE FUNCTION public.leads_first_contact()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE leads l SET first_contacted_at = f.created_at, first_contacted_by = f.user_id
  FROM (
    SELECT DISTINCT ON (a.lead_id) a.lead_id, a.created_at, a.user_id FROM new_activities a
    WHERE a.user_id IS NOT NULL AND (a.type IN ('note', 'call', 'email', 'meeting')
          OR (a.type = 'status_changed' AND a.metadata->>'from' = 'new'))
    ORDER BY a.lead_id, a.created_at
  ) f
  WHERE l.id = f.lead_id AND l.first_contacted_at IS NULL;
  RETURN NULL;
END
$function$

