-- The lead_activities trigger of speed to lead (migration 0046): the first activity a person
-- logs, or their first move of the status away from new, sets first_contacted_at/by once.

CREATE OR REPLACE FUNCTION public.leads_first_contact()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE leads SET first_contacted_at = NEW.created_at, first_contacted_by = NEW.user_id
  WHERE id = NEW.lead_id AND first_contacted_at IS NULL;
  RETURN NULL;
END
$function$
