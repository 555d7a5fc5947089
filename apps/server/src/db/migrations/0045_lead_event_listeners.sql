-- Who listens to an organisation's lead events (jobs/lead-listeners.ts): one look-up per lead
-- event, outside a tenant transaction, shared by the webhooks', Zapier's and the integrations'
-- consumers, so an organisation without any of them costs one query per event. It replaces
-- webhooks_subscribed, which answered for webhooks alone.
DROP FUNCTION webhooks_subscribed(uuid, text);--> statement-breakpoint
GRANT SELECT (organization_id, event) ON "zapier_hooks" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "zapier_hooks_jobs_scan" ON "zapier_hooks" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
GRANT SELECT (organization_id, status) ON "integrations" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "integrations_jobs_scan" ON "integrations" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION lead_event_listeners(p_organization_id uuid)
  RETURNS TABLE (webhook_events text[], zapier_events text[], integrations boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT
    ARRAY(SELECT DISTINCT unnest(events) FROM webhooks WHERE organization_id = p_organization_id AND is_active),
    ARRAY(SELECT DISTINCT event FROM zapier_hooks WHERE organization_id = p_organization_id),
    EXISTS (SELECT 1 FROM integrations WHERE organization_id = p_organization_id AND status IN ('connected', 'active'))
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION lead_event_listeners(uuid) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION lead_event_listeners(uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lead_event_listeners(uuid) TO leadcapture_app;
