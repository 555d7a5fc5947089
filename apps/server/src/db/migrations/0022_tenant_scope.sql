-- hand-written: a request's tenant scope in one statement (http/tenant.ts withTenant).
-- Every tenant request set the user scope, read the membership, then set the organisation scope:
-- three round trips before its own work, on every API call. This does the three in one. The
-- membership is read under the user scope it has just set (SECURITY INVOKER: row-level security
-- applies as before). Settings made with set_config(..., true) inside a function outlive it and
-- last until the end of the caller's transaction, like any SET LOCAL (only the settings of the
-- function's own SET clause are restored when it returns).
-- p_organization_id: the organisation asked for (path or X-Organization-Id), else null for the
-- user's current one, else their earliest. No row: not a (joined) member; no organisation set.
CREATE OR REPLACE FUNCTION enter_tenant(p_user_id uuid, p_organization_id uuid)
RETURNS TABLE (organization_id uuid, role text)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $$
DECLARE
  v_organization_id uuid;
  v_role text;
BEGIN
  PERFORM set_config('app.organization_id', '', true), set_config('app.user_id', p_user_id::text, true);
  SELECT m.organization_id, m.role INTO v_organization_id, v_role
  FROM memberships m
  WHERE m.user_id = p_user_id AND m.status = 'joined'
    AND (p_organization_id IS NULL OR m.organization_id = p_organization_id)
  ORDER BY (m.organization_id = (SELECT u.current_organization_id FROM users u WHERE u.id = p_user_id)) DESC NULLS LAST,
           m.created_at
  LIMIT 1;
  IF v_organization_id IS NULL THEN
    RETURN;
  END IF;
  PERFORM set_config('app.organization_id', v_organization_id::text, true);
  organization_id := v_organization_id;
  role := v_role;
  RETURN NEXT;
END
$$;
