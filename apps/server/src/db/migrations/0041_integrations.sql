CREATE TABLE "integration_records" (
	"integration_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"remote_id" text,
	"synced_at" timestamp with time zone,
	"last_error" text,
	"hot_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_records_integration_id_lead_id_pk" PRIMARY KEY("integration_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "integration_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"error_at" timestamp with time zone,
	"connected_by" uuid,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_kind_check" CHECK ("integrations"."kind" in ('hubspot', 'salesforce', 'mailchimp', 'slack', 'microsoft_teams', 'zapier')),
	CONSTRAINT "integrations_status_check" CHECK ("integrations"."status" in ('connected', 'error', 'active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "integrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "integration_records" ADD CONSTRAINT "integration_records_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_records" ADD CONSTRAINT "integration_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_records" ADD CONSTRAINT "integration_records_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_records_lead_idx" ON "integration_records" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_organization_kind_key" ON "integrations" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE POLICY "integration_records_tenant_read" ON "integration_records" AS PERMISSIVE FOR SELECT TO public USING ("integration_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integration_records_tenant_insert" ON "integration_records" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("integration_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integration_records_tenant_update" ON "integration_records" AS PERMISSIVE FOR UPDATE TO public USING ("integration_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("integration_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integration_records_tenant_delete" ON "integration_records" AS PERMISSIVE FOR DELETE TO public USING ("integration_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integrations_tenant_read" ON "integrations" AS PERMISSIVE FOR SELECT TO public USING ("integrations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integrations_tenant_insert" ON "integrations" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("integrations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integrations_tenant_update" ON "integrations" AS PERMISSIVE FOR UPDATE TO public USING ("integrations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("integrations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "integrations_tenant_delete" ON "integrations" AS PERMISSIVE FOR DELETE TO public USING ("integrations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);