-- The leads with any of a JSON array of lowercased addresses (an import batch's duplicates),
-- within the organisation of the request's setting, through the (organization_id, lower(email))
-- index, as leads_email_ids (modules/leads/lead-imports.service.ts).

CREATE OR REPLACE FUNCTION public.leads_email_list_ids(p_emails jsonb)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER ROWS 100
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT id FROM leads
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    AND lower(email) = ANY(ARRAY(SELECT jsonb_array_elements_text(p_emails)))
$function$
