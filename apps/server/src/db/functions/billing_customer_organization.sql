-- The organisation of a Stripe customer id (stripe-webhooks.ts): a webhook has no signed-in user
-- to say it. Owned by leadcapture_jobs.

CREATE OR REPLACE FUNCTION public.billing_customer_organization(p_provider_customer_id text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
  SELECT organization_id FROM billing_customers WHERE provider_customer_id = p_provider_customer_id
$function$
