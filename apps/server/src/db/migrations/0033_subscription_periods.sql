-- Subscriptions move through their periods: a downgrade waits in scheduled_plan_id, the period-end
-- job finds what is due by current_period_end (docs/billing.md).
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_id" text;--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("current_period_end");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan_id" in ('free', 'starter', 'professional', 'enterprise'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_plan_check" CHECK ("subscriptions"."scheduled_plan_id" in ('free', 'starter', 'professional', 'enterprise'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'paused'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_cycle_check" CHECK ("subscriptions"."billing_cycle" in ('monthly', 'annual'));--> statement-breakpoint
-- The period-end job (billing.service.ts advanceSubscriptions) finds the organisations whose
-- subscription period has ended through this function, as leadcapture_jobs (migration 0009),
-- which may read these two columns of subscriptions and nothing else; each change then runs in
-- the organisation's scope under RLS.
GRANT SELECT (organization_id, current_period_end) ON "subscriptions" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "subscriptions_jobs_scan" ON "subscriptions" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION subscriptions_due(p_now timestamptz) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT organization_id FROM subscriptions WHERE current_period_end <= p_now ORDER BY current_period_end
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION subscriptions_due(timestamptz) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION subscriptions_due(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION subscriptions_due(timestamptz) TO leadcapture_app;
