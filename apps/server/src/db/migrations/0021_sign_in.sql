-- hand-written: a sign-in's writes and its read of the user's organisations as one statement.
-- Sign-in is the hottest write path and on the embedded database every statement costs the one
-- connection a round trip: a scoped transaction (BEGIN, set_config, the work, COMMIT) is four.
-- A single statement is its own transaction; the function sets the user scope for the rest of
-- it (set_config(..., true) ends with that transaction), so row-level security applies as in any
-- scoped transaction: SECURITY INVOKER, nothing bypassed. Decision 006.
CREATE OR REPLACE FUNCTION auth_sign_in(
  p_user_id uuid,
  p_family_id uuid,
  p_token_hash text,
  p_expires_at timestamptz,
  p_ip inet,
  p_user_agent text
) RETURNS TABLE (id uuid, name text, slug text, role text)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM set_config('app.organization_id', '', true), set_config('app.user_id', p_user_id::text, true);
  UPDATE users SET last_login_at = now() WHERE users.id = p_user_id;
  INSERT INTO audit_logs (action, user_id, target_type, target_id, ip_address, user_agent)
  VALUES ('auth.login', p_user_id, 'user', p_user_id::text, p_ip, p_user_agent);
  INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, ip_address, user_agent)
  VALUES (p_user_id, p_family_id, p_token_hash, p_expires_at, p_ip, p_user_agent);
  RETURN QUERY
    SELECT o.id, o.name, o.slug, m.role
    FROM memberships m JOIN organizations o ON o.id = m.organization_id
    WHERE m.user_id = p_user_id AND m.status = 'joined'
    ORDER BY o.name, o.id;
END
$$;
