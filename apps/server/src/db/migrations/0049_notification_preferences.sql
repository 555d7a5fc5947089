CREATE TABLE "notification_digests" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_organization_id_user_id_day_pk" PRIMARY KEY("organization_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "notification_digests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"recipient" text NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"category" text,
	"subject" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"digest_log_id" uuid,
	"outbox_id" uuid,
	"dedupe_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	"digest" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_organization_id_user_id_category_pk" PRIMARY KEY("organization_id","user_id","category")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"hot_lead_score_threshold" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"organization_id" uuid NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_organization_id_template_language_pk" PRIMARY KEY("organization_id","template","language")
);
--> statement-breakpoint
ALTER TABLE "notification_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_logs_org_created_idx" ON "notification_logs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_logs_dedupe_idx" ON "notification_logs" USING btree ("organization_id","user_id","channel","dedupe_key") WHERE "notification_logs"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_logs_outbox_idx" ON "notification_logs" USING btree ("outbox_id") WHERE "notification_logs"."outbox_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_logs_digest_idx" ON "notification_logs" USING btree ("organization_id","user_id") WHERE "notification_logs"."digest" and "notification_logs"."digest_log_id" is null and "notification_logs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notification_logs_digest_of_idx" ON "notification_logs" USING btree ("digest_log_id") WHERE "notification_logs"."digest_log_id" is not null;--> statement-breakpoint
CREATE POLICY "notification_digests_tenant_read" ON "notification_digests" AS PERMISSIVE FOR SELECT TO public USING ("notification_digests"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_digests_tenant_insert" ON "notification_digests" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notification_digests"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_digests_tenant_update" ON "notification_digests" AS PERMISSIVE FOR UPDATE TO public USING ("notification_digests"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notification_digests"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_digests_tenant_delete" ON "notification_digests" AS PERMISSIVE FOR DELETE TO public USING ("notification_digests"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_logs_tenant_read" ON "notification_logs" AS PERMISSIVE FOR SELECT TO public USING ("notification_logs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_logs_tenant_insert" ON "notification_logs" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notification_logs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_logs_tenant_update" ON "notification_logs" AS PERMISSIVE FOR UPDATE TO public USING ("notification_logs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notification_logs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_logs_tenant_delete" ON "notification_logs" AS PERMISSIVE FOR DELETE TO public USING ("notification_logs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_preferences_tenant_read" ON "notification_preferences" AS PERMISSIVE FOR SELECT TO public USING ("notification_preferences"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_preferences_tenant_insert" ON "notification_preferences" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notification_preferences"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_preferences_tenant_update" ON "notification_preferences" AS PERMISSIVE FOR UPDATE TO public USING ("notification_preferences"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notification_preferences"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_preferences_tenant_delete" ON "notification_preferences" AS PERMISSIVE FOR DELETE TO public USING ("notification_preferences"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_settings_tenant_read" ON "notification_settings" AS PERMISSIVE FOR SELECT TO public USING ("notification_settings"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_settings_tenant_insert" ON "notification_settings" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notification_settings"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_settings_tenant_update" ON "notification_settings" AS PERMISSIVE FOR UPDATE TO public USING ("notification_settings"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notification_settings"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_settings_tenant_delete" ON "notification_settings" AS PERMISSIVE FOR DELETE TO public USING ("notification_settings"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_templates_tenant_read" ON "notification_templates" AS PERMISSIVE FOR SELECT TO public USING ("notification_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_templates_tenant_insert" ON "notification_templates" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notification_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_templates_tenant_update" ON "notification_templates" AS PERMISSIVE FOR UPDATE TO public USING ("notification_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notification_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_templates_tenant_delete" ON "notification_templates" AS PERMISSIVE FOR DELETE TO public USING ("notification_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written:
-- The binding categories (03-decisions §4b): follow-up reminders get their own category.
UPDATE "notifications" SET "category" = 'follow_ups' WHERE "type" = 'lead_follow_up_due';--> statement-breakpoint
-- Organisations with mail waiting for the day's digest (notification-digest.ts); whether it is
-- morning there is decided in the tenant's scope. Owned by leadcapture_jobs, like 0009's.
GRANT SELECT (organization_id, digest, digest_log_id, status) ON "notification_logs" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "notification_logs_jobs_scan" ON "notification_logs" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION notification_digest_organizations() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT organization_id FROM notification_logs
  WHERE digest AND digest_log_id IS NULL AND status = 'queued'
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION notification_digest_organizations() OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION notification_digest_organizations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION notification_digest_organizations() TO leadcapture_app;
