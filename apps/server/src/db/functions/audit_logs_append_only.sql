-- The audit log is append-only (decision 028, docs/staff.md): refuses UPDATE, DELETE and TRUNCATE
-- of audit_logs, except DELETE by leadcapture_jobs, which only audit_logs_purge runs as.

CREATE OR REPLACE FUNCTION public.audit_logs_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND current_user = 'leadcapture_jobs' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$
