-- Sign-ins are audited in the organisation they open, so its owners read them at /audit-logs/.
CREATE OR REPLACE FUNCTION public.auth_sign_in(p_user_id uuid, p_family_id uuid, p_token_hash text, p_expires_at timestamp with time zone, p_ip inet, p_user_agent text)
 RETURNS TABLE(id uuid, name text, slug text, role text)
 LANGUAGE plpgsql
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE
  v_organization_id uuid;
BEGIN
  PERFORM set_config('app.organization_id', '', true), set_config('app.user_id', p_user_id::text, true);
  UPDATE users SET last_login_at = now() WHERE users.id = p_user_id
  RETURNING users.current_organization_id INTO v_organization_id;
  IF v_organization_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM memberships m
    WHERE m.user_id = p_user_id AND m.organization_id = v_organization_id AND m.status = 'joined'
  ) THEN
    v_organization_id := NULL;
  END IF;
  -- The sign-in belongs to the organisation it opens, whose owners read it; the scope is the
  -- user's alone again before the rest.
  PERFORM set_config('app.organization_id', coalesce(v_organization_id::text, ''), true);
  INSERT INTO audit_logs (action, user_id, organization_id, target_type, target_id, ip_address, user_agent)
  VALUES ('auth.login', p_user_id, v_organization_id, 'user', p_user_id::text, p_ip, p_user_agent);
  PERFORM set_config('app.organization_id', '', true);
  INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, ip_address, user_agent)
  VALUES (p_user_id, p_family_id, p_token_hash, p_expires_at, p_ip, p_user_agent);
  RETURN QUERY
    SELECT o.id, o.name, o.slug, m.role
    FROM memberships m JOIN organizations o ON o.id = m.organization_id
    WHERE m.user_id = p_user_id AND m.status = 'joined'
    ORDER BY o.name, o.id;
END
$function$;
