-- leads_email_first_live_id for many addresses in one call (capture_leads' duplicate check):
-- each address's first live lead in the organisation of the request's setting, looked up by the
-- hash key of leads_address_key_idx (organisation ':' lower(address)) and checked on the rows
-- found, so no other plan exists whatever the statistics (decision 023). PL/pgSQL for its plan
-- cache; SET enable_seqscan off: a plan made on an empty table must not scan it.

CREATE OR REPLACE FUNCTION public.leads_first_live_ids(p_addresses text[])
 RETURNS TABLE(address text, lead_id uuid)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  -- As the key spells it: the uuid's own text.
  v_organization text := nullif(current_setting('app.organization_id', true), '')::uuid::text;
BEGIN
  RETURN QUERY
  WITH same_address AS MATERIALIZED (
    SELECT lower(l.email) AS address, l.id, l.created_at, l.deleted_at FROM leads l
    WHERE hashtextextended(l.organization_id::text || ':' || lower(l.email), 0) = ANY (
            ARRAY(SELECT hashtextextended(v_organization || ':' || a.address, 0) FROM unnest(p_addresses) AS a(address)))
      -- Checks on the rows found, in forms no index answers.
      AND l.organization_id::text = v_organization
      AND lower(l.email) = ANY (p_addresses)
  )
  SELECT DISTINCT ON (s.address) s.address, s.id
  FROM same_address s
  WHERE s.deleted_at IS NULL
  ORDER BY s.address, s.created_at, s.id;
END
$function$
