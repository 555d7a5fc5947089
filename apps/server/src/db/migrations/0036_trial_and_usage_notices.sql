CREATE TABLE "usage_alerts" (
	"organization_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"threshold" integer NOT NULL,
	"period_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_alerts_threshold_check" CHECK ("usage_alerts"."threshold" in (80, 100))
);
--> statement-breakpoint
ALTER TABLE "usage_alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_alerts_key" ON "usage_alerts" USING btree ("organization_id","resource","threshold","period_key");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_remind_idx" ON "subscriptions" USING btree ("trial_end") WHERE "subscriptions"."status" = 'trialing' and "subscriptions"."trial_reminded_at" is null;--> statement-breakpoint
CREATE POLICY "usage_alerts_tenant_read" ON "usage_alerts" AS PERMISSIVE FOR SELECT TO public USING ("usage_alerts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_alerts_tenant_insert" ON "usage_alerts" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("usage_alerts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_alerts_tenant_update" ON "usage_alerts" AS PERMISSIVE FOR UPDATE TO public USING ("usage_alerts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("usage_alerts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_alerts_tenant_delete" ON "usage_alerts" AS PERMISSIVE FOR DELETE TO public USING ("usage_alerts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- The trial reminders (billing-notices.service.ts remindEndingTrials) find the trials that end
-- within 3 days and were not reminded through this function, as leadcapture_jobs (migration
-- 0009), which may read these columns of subscriptions and nothing else; each reminder then
-- runs in the organisation's scope under RLS.
GRANT SELECT (organization_id, status, trial_end, trial_reminded_at) ON "subscriptions" TO leadcapture_jobs;--> statement-breakpoint
CREATE FUNCTION subscriptions_trial_ending(p_now timestamptz) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT organization_id FROM subscriptions
  WHERE status = 'trialing' AND trial_reminded_at IS NULL
    AND trial_end > p_now AND trial_end <= p_now + interval '3 days'
  ORDER BY trial_end
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION subscriptions_trial_ending(timestamptz) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION subscriptions_trial_ending(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION subscriptions_trial_ending(timestamptz) TO leadcapture_app;
