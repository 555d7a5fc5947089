-- The free-text search of the leads lists (decision 017): the trigram index, which under
-- row-level security the planner would not use for ILIKE (not leakproof), as the owner within the
-- organisation of the request's setting. ROWS 10: drive the list from the matches.

CREATE OR REPLACE FUNCTION public.leads_search_ids(p_pattern text)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER ROWS 10
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  -- EXECUTE plans with the pattern itself, so the trigram index's selectivity is known.
  RETURN QUERY EXECUTE
    'SELECT id FROM leads WHERE organization_id = $1
       AND (first_name || '' '' || last_name || '' '' || email || '' '' || company) ILIKE $2'
    USING nullif(current_setting('app.organization_id', true), '')::uuid, p_pattern;
END
$function$
