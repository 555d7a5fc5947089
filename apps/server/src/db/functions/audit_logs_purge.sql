-- The retention purge of the audit log (AUDIT_RETENTION_DAYS, the scheduled audit_retention task,
-- modules/staff/staff.service.ts purgeAuditLogs). Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.audit_logs_purge(p_days integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE removed integer;
BEGIN
  IF p_days IS NULL OR p_days < 1 THEN
    RAISE EXCEPTION 'audit retention must be at least one day';
  END IF;
  DELETE FROM audit_logs WHERE created_at < now() - make_interval(days => p_days);
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END
$function$
