CREATE TABLE "staff_impersonations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"target_organization_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"mode" text DEFAULT 'read' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"request_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_impersonations_mode_check" CHECK ("staff_impersonations"."mode" in ('read', 'write'))
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'support' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint DEFAULT 0 NOT NULL,
	"recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('admin', 'support'))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "staff_user_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "impersonation_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_impersonations" ADD CONSTRAINT "staff_impersonations_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_impersonations_staff_idx" ON "staff_impersonations" USING btree ("staff_user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
-- The audit log is append-only (decision 028): no role may update a row, and only the retention
-- purge deletes, which runs as leadcapture_jobs inside audit_logs_purge (SECURITY DEFINER).
-- A trigger, not only grants: it binds the table's owner too, and PGlite's superuser.
CREATE FUNCTION audit_logs_append_only() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_user = 'leadcapture_jobs' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();--> statement-breakpoint
GRANT SELECT (created_at), DELETE ON "audit_logs" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "audit_logs_jobs_scan" ON "audit_logs" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE POLICY "audit_logs_jobs_purge" ON "audit_logs" AS PERMISSIVE FOR DELETE TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION audit_logs_purge(p_days integer) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE removed integer;
BEGIN
  IF p_days IS NULL OR p_days < 1 THEN
    RAISE EXCEPTION 'audit retention must be at least one day';
  END IF;
  DELETE FROM audit_logs WHERE created_at < now() - make_interval(days => p_days);
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION audit_logs_purge(integer) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_logs_purge(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_logs_purge(integer) TO leadcapture_app;--> statement-breakpoint
-- Staff read across organisations (decision 028) in a transaction that set app.staff_read;
-- the staff routes alone set it, after checking a staff token, like app.organization_id.
CREATE POLICY "audit_logs_staff_read" ON "audit_logs" AS PERMISSIVE FOR SELECT TO public USING (current_setting('app.staff_read', true) = 'on');--> statement-breakpoint
CREATE POLICY "audit_logs_staff_insert" ON "audit_logs" AS PERMISSIVE FOR INSERT TO public WITH CHECK (current_setting('app.staff_read', true) = 'on');--> statement-breakpoint
CREATE POLICY "organizations_staff_read" ON "organizations" AS PERMISSIVE FOR SELECT TO public USING (current_setting('app.staff_read', true) = 'on');--> statement-breakpoint
CREATE POLICY "memberships_staff_read" ON "memberships" AS PERMISSIVE FOR SELECT TO public USING (current_setting('app.staff_read', true) = 'on');--> statement-breakpoint
CREATE POLICY "subscriptions_staff_read" ON "subscriptions" AS PERMISSIVE FOR SELECT TO public USING (current_setting('app.staff_read', true) = 'on');--> statement-breakpoint
-- Leads are counted for staff by two functions, not read through a policy: a second permissive
-- SELECT policy on leads joins every tenant query's predicate with an OR, which moved the
-- leads list's plans (leads-search-plans on PostgreSQL). Owned by leadcapture_jobs, which may
-- read only the columns they count.
GRANT SELECT (created_at) ON "leads" TO leadcapture_jobs;--> statement-breakpoint
CREATE FUNCTION staff_leads_per_organization(p_organization_ids uuid[])
  RETURNS TABLE (organization_id uuid, leads integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT l.organization_id, count(*)::int FROM leads l
  WHERE l.organization_id = ANY (p_organization_ids) GROUP BY l.organization_id
$$;--> statement-breakpoint
CREATE FUNCTION staff_leads_per_day(p_days integer)
  RETURNS TABLE (day text, leads integer, total integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT to_char(d.day, 'YYYY-MM-DD'), count(l.organization_id)::int, (SELECT count(*)::int FROM leads)
  FROM generate_series(date_trunc('day', now()) - make_interval(days => p_days - 1), date_trunc('day', now()), interval '1 day') AS d(day)
  LEFT JOIN leads l ON l.created_at >= d.day AND l.created_at < d.day + interval '1 day'
  GROUP BY d.day ORDER BY d.day
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION staff_leads_per_organization(uuid[]) OWNER TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION staff_leads_per_day(integer) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION staff_leads_per_organization(uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION staff_leads_per_organization(uuid[]) TO leadcapture_app;--> statement-breakpoint
REVOKE ALL ON FUNCTION staff_leads_per_day(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION staff_leads_per_day(integer) TO leadcapture_app;

