-- A Stripe webhook arrives with no signed-in user: its organisation is found from the Stripe
-- customer id through this function, as leadcapture_jobs (migration 0009), which may read these
-- two columns of billing_customers and nothing else; the event is then applied in the
-- organisation's scope under RLS (stripe-webhooks.ts).
GRANT SELECT (organization_id, provider_customer_id) ON "billing_customers" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "billing_customers_jobs_scan" ON "billing_customers" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION billing_customer_organization(p_provider_customer_id text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT organization_id FROM billing_customers WHERE provider_customer_id = p_provider_customer_id
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION billing_customer_organization(text) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION billing_customer_organization(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION billing_customer_organization(text) TO leadcapture_app;
