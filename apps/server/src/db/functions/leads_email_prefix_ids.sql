-- Email-shaped searches (decision 021): the start of an address or of its domain, through the
-- btree prefix indexes, as the owner within the organisation of the request's setting. EXECUTE
-- plans with the pattern itself, so the planner sees its fixed prefix. p_pattern is a LIKE pattern
-- ending in '%', its own % _ \ escaped by the caller.

CREATE OR REPLACE FUNCTION public.leads_email_prefix_ids(p_pattern text)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER ROWS 50
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM leads WHERE organization_id = $1 AND lower(email) LIKE $2
     UNION
     SELECT id FROM leads WHERE organization_id = $1 AND lower(split_part(email, ''@'', 2)) LIKE ltrim($2, ''@'')'
    USING nullif(current_setting('app.organization_id', true), '')::uuid, lower(p_pattern);
END
$function$
