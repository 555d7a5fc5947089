-- A request's tenant scope in one statement (http/tenant.ts withTenant): sets the user scope,
-- reads the membership under it (SECURITY INVOKER) and sets the organisation scope, settings that
-- last until the end of the caller's transaction. p_organization_id: the one asked for, else null
-- for the user's current one, else their earliest. No row: not a joined member.

CREATE OR REPLACE FUNCTION public.enter_tenant(p_user_id uuid, p_organization_id uuid)
 RETURNS TABLE(organization_id uuid, role text)
 LANGUAGE plpgsql
 SET search_path TO 'public', 'pg_temp'
AS $function$
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
$function$
