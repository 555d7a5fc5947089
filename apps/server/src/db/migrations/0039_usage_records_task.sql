-- The daily usage records (billing-account.service.ts recordUsageRecords) find every organisation
-- through this function, as leadcapture_jobs (migration 0009), which may read the organisation
-- column of subscriptions (migration 0033: every organisation has one) and nothing else; each
-- organisation's figures are then written in its own scope under RLS.
CREATE FUNCTION usage_record_organizations() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT organization_id FROM subscriptions ORDER BY organization_id
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION usage_record_organizations() OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION usage_record_organizations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION usage_record_organizations() TO leadcapture_app;
