CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_set_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("organization_id","user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_follow_up_set_by_users_id_fk" FOREIGN KEY ("follow_up_set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_follow_up_due_idx" ON "leads" USING btree ("follow_up_date") WHERE "leads"."deleted_at" is null and "leads"."follow_up_reminded_at" is null;--> statement-breakpoint
CREATE POLICY "notifications_tenant_read" ON "notifications" AS PERMISSIVE FOR SELECT TO public USING ("notifications"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notifications_tenant_insert" ON "notifications" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notifications"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notifications_tenant_update" ON "notifications" AS PERMISSIVE FOR UPDATE TO public USING ("notifications"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notifications"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notifications_tenant_delete" ON "notifications" AS PERMISSIVE FOR DELETE TO public USING ("notifications"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written:
-- The scheduler's look-ups across organisations (docs/decisions/016-scheduled-jobs.md). The app
-- role is bound by RLS and cannot see which organisations have work; these two functions can,
-- and answer organisation ids only. They run as leadcapture_jobs, a role without login that may
-- read five columns of leads (through its own policy) and nothing else. The work itself (purge,
-- reminders) then runs in each organisation's scope under RLS, as the app role.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leadcapture_app') THEN
    CREATE ROLE leadcapture_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leadcapture_jobs') THEN
    CREATE ROLE leadcapture_jobs NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT pg_has_role(current_user, 'leadcapture_jobs', 'MEMBER') THEN
    EXECUTE format('GRANT leadcapture_jobs TO %I', current_user);
  END IF;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
GRANT SELECT (organization_id, status, deleted_at, follow_up_date, follow_up_reminded_at) ON "leads" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "leads_jobs_scan" ON "leads" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
-- Organisations with a follow-up that may be due in someone's timezone (UTC-12 … UTC+14) and not
-- reminded yet; the exact day, in the recipient's timezone, is decided in the tenant's scope.
CREATE FUNCTION lead_follow_up_organizations() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT organization_id FROM leads
  WHERE deleted_at IS NULL AND follow_up_reminded_at IS NULL
    AND follow_up_date > now() - interval '3 days' AND follow_up_date < now() + interval '1 day'
    AND status NOT IN ('converted', 'closed_won', 'closed_lost', 'lost')
$$;--> statement-breakpoint
-- Organisations with leads in the bin for longer than the retention.
CREATE FUNCTION lead_bin_expired_organizations(retention_days integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT organization_id FROM leads
  WHERE deleted_at IS NOT NULL AND deleted_at < now() - make_interval(days => retention_days)
$$;--> statement-breakpoint
-- A non-superuser may hand a function to a role only when that role may create in the schema;
-- the right is taken back at once.
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION lead_follow_up_organizations() OWNER TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION lead_bin_expired_organizations(integer) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION lead_follow_up_organizations() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION lead_bin_expired_organizations(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lead_follow_up_organizations() TO leadcapture_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lead_bin_expired_organizations(integer) TO leadcapture_app;
