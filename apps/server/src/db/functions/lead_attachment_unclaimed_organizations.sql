-- Organisations with visitors' attachments no lead took, uploaded longer ago than the given hours
-- (the scheduled removal, modules/capture/attachments.ts). Owned by leadcapture_jobs, which may
-- read these columns of every organisation's files; the removal itself runs in each
-- organisation's scope.

CREATE OR REPLACE FUNCTION public.lead_attachment_unclaimed_organizations(age_hours integer)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT DISTINCT organization_id FROM files
  WHERE purpose = 'lead_attachment' AND lead_id IS NULL
    AND created_at < now() - make_interval(hours => age_hours)
$function$
