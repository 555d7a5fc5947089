CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columns" jsonb,
	"for_reimport" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"failure" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_exports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "data_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb,
	"mapping" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_templates" ADD CONSTRAINT "data_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_templates" ADD CONSTRAINT "data_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_organization_created_idx" ON "data_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expiring_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."file_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "data_templates_name_key" ON "data_templates" USING btree ("organization_id","kind","resource","name");--> statement-breakpoint
CREATE INDEX "data_templates_organization_idx" ON "data_templates" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE POLICY "data_exports_tenant_read" ON "data_exports" AS PERMISSIVE FOR SELECT TO public USING (("data_exports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or (current_setting('app.export_sweep', true) = 'on'));--> statement-breakpoint
CREATE POLICY "data_exports_tenant_insert" ON "data_exports" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("data_exports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_exports_tenant_update" ON "data_exports" AS PERMISSIVE FOR UPDATE TO public USING ("data_exports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("data_exports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_exports_tenant_delete" ON "data_exports" AS PERMISSIVE FOR DELETE TO public USING ("data_exports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_exports_sweep_update" ON "data_exports" AS PERMISSIVE FOR UPDATE TO public USING (current_setting('app.export_sweep', true) = 'on') WITH CHECK (current_setting('app.export_sweep', true) = 'on');--> statement-breakpoint
CREATE POLICY "data_templates_tenant_read" ON "data_templates" AS PERMISSIVE FOR SELECT TO public USING ("data_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_templates_tenant_insert" ON "data_templates" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("data_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_templates_tenant_update" ON "data_templates" AS PERMISSIVE FOR UPDATE TO public USING ("data_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("data_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_templates_tenant_delete" ON "data_templates" AS PERMISSIVE FOR DELETE TO public USING ("data_templates"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);