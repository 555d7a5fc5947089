-- Who listens to an organisation's lead events (jobs/lead-listeners.ts): the one look-up per
-- lead event of the webhooks', Zapier's and the integrations' consumers, outside a tenant
-- transaction. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.lead_event_listeners(p_organization_id uuid)
 RETURNS TABLE(webhook_events text[], zapier_events text[], integrations boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT
    ARRAY(SELECT DISTINCT unnest(events) FROM webhooks WHERE organization_id = p_organization_id AND is_active),
    ARRAY(SELECT DISTINCT event FROM zapier_hooks WHERE organization_id = p_organization_id),
    EXISTS (SELECT 1 FROM integrations WHERE organization_id = p_organization_id AND status IN ('connected', 'active'))
$function$
