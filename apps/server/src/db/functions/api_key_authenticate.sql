-- An API key presented before any tenant is known (api-keys.service authenticateApiKey): the
-- live key with this hash whose creator is still active, and its last use noted at most once a
-- minute, in one statement. Owned by leadcapture_jobs (migration 0041), which reads only the
-- columns this needs and writes only last_used_at.

CREATE OR REPLACE FUNCTION public.api_key_authenticate(p_key_hash text)
 RETURNS TABLE(id uuid, organization_id uuid, user_id uuid, permissions text[])
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  WITH found AS (
    SELECT k.id, k.organization_id, k.created_by, k.permissions
    FROM api_keys k JOIN users u ON u.id = k.created_by
    WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL
      AND (k.expires_at IS NULL OR k.expires_at > now()) AND u.is_active
  ), touched AS (
    UPDATE api_keys k SET last_used_at = now()
    FROM found f
    WHERE k.id = f.id AND (k.last_used_at IS NULL OR k.last_used_at <= now() - interval '1 minute')
    RETURNING k.id
  )
  SELECT f.id, f.organization_id, f.created_by, f.permissions FROM found f
$function$
