-- Whether an active webhook of the organisation listens to the event type: the webhook fan-out's
-- one look-up per lead change (modules/webhooks/webhook-fan-out.ts), outside a tenant transaction.
-- Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.webhooks_subscribed(p_organization_id uuid, p_type text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT EXISTS (SELECT 1 FROM webhooks WHERE organization_id = p_organization_id AND is_active AND p_type = ANY (events))
$function$
