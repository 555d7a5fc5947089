-- Which of these lead ids exist in the organisation of the request's setting (capture_leads'
-- replay check), by primary key, as the owner. SET enable_seqscan off: a plan made on an empty
-- table must not scan it (decision 023).

CREATE OR REPLACE FUNCTION public.leads_taken_ids(p_ids uuid[])
 RETURNS TABLE(id uuid)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
 SET enable_seqscan TO 'off'
AS $function$
BEGIN
  RETURN QUERY
  SELECT by_id.id FROM (SELECT l.id, l.organization_id FROM leads l WHERE l.id = ANY (p_ids) OFFSET 0) AS by_id
  WHERE by_id.organization_id = nullif(current_setting('app.organization_id', true), '')::uuid;
END
$function$
