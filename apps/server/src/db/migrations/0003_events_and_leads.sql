CREATE TABLE "capture_page_views" (
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "capture_page_views_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
ALTER TABLE "capture_page_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "event_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '#2563eb' NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"location" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '#2563eb' NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"consent_text" text DEFAULT '' NOT NULL,
	"logo_file_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"leads_captured" integer DEFAULT 0 NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"organization_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"company_size" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"interest" text,
	"score" integer DEFAULT 0 NOT NULL,
	"budget_range" text DEFAULT 'not_specified' NOT NULL,
	"decision_timeline" text DEFAULT 'not_specified' NOT NULL,
	"decision_role" text DEFAULT 'not_specified' NOT NULL,
	"interested_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_to" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"follow_up_date" timestamp with time zone,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approval_status" text DEFAULT 'approved' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"consent_text" text DEFAULT '' NOT NULL,
	"consent_given_at" timestamp with time zone,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "capture_page_views" ADD CONSTRAINT "capture_page_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capture_page_views" ADD CONSTRAINT "capture_page_views_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_templates" ADD CONSTRAINT "event_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_templates" ADD CONSTRAINT "event_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capture_page_views_organization_idx" ON "capture_page_views" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "event_templates_organization_idx" ON "event_templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_key" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "events_organization_created_idx" ON "events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "events_organization_start_idx" ON "events" USING btree ("organization_id","start_date");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_organization_created_idx" ON "leads" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_event_created_idx" ON "leads" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_organization_email_idx" ON "leads" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE POLICY "capture_page_views_tenant_read" ON "capture_page_views" AS PERMISSIVE FOR SELECT TO public USING ("capture_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "capture_page_views_tenant_insert" ON "capture_page_views" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("capture_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "capture_page_views_tenant_update" ON "capture_page_views" AS PERMISSIVE FOR UPDATE TO public USING ("capture_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("capture_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "capture_page_views_tenant_delete" ON "capture_page_views" AS PERMISSIVE FOR DELETE TO public USING ("capture_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_templates_tenant_read" ON "event_templates" AS PERMISSIVE FOR SELECT TO public USING ("event_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_templates_tenant_insert" ON "event_templates" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("event_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_templates_tenant_update" ON "event_templates" AS PERMISSIVE FOR UPDATE TO public USING ("event_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("event_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_templates_tenant_delete" ON "event_templates" AS PERMISSIVE FOR DELETE TO public USING ("event_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "events_tenant_read" ON "events" AS PERMISSIVE FOR SELECT TO public USING (("events"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("events"."id"::text = nullif(current_setting('app.public_lookup', true), '') or "events"."slug" = nullif(current_setting('app.public_lookup', true), '')));--> statement-breakpoint
CREATE POLICY "events_tenant_insert" ON "events" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("events"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "events_tenant_update" ON "events" AS PERMISSIVE FOR UPDATE TO public USING ("events"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("events"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "events_tenant_delete" ON "events" AS PERMISSIVE FOR DELETE TO public USING ("events"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "idempotency_keys_tenant_read" ON "idempotency_keys" AS PERMISSIVE FOR SELECT TO public USING ("idempotency_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "idempotency_keys_tenant_insert" ON "idempotency_keys" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("idempotency_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "idempotency_keys_tenant_update" ON "idempotency_keys" AS PERMISSIVE FOR UPDATE TO public USING ("idempotency_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("idempotency_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "idempotency_keys_tenant_delete" ON "idempotency_keys" AS PERMISSIVE FOR DELETE TO public USING ("idempotency_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "leads_tenant_read" ON "leads" AS PERMISSIVE FOR SELECT TO public USING ("leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "leads_tenant_insert" ON "leads" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "leads_tenant_update" ON "leads" AS PERMISSIVE FOR UPDATE TO public USING ("leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "leads_tenant_delete" ON "leads" AS PERMISSIVE FOR DELETE TO public USING ("leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
ALTER POLICY "files_tenant_read" ON "files" TO public USING (("files"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("files"."purpose" in ('organization_logo', 'event_logo')));