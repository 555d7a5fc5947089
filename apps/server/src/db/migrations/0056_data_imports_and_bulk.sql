CREATE TABLE "data_import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"record_id" uuid,
	"previous" jsonb,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_import_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "data_bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"ids" jsonb,
	"filters" jsonb,
	"params" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD COLUMN "resource" text DEFAULT 'leads' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD COLUMN "file_kind" text DEFAULT 'csv' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD COLUMN "dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_import_rows" ADD CONSTRAINT "data_import_rows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import_rows" ADD CONSTRAINT "data_import_rows_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ADD CONSTRAINT "data_bulk_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_bulk_jobs" ADD CONSTRAINT "data_bulk_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_import_rows_import_line_idx" ON "data_import_rows" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "data_bulk_jobs_organization_created_idx" ON "data_bulk_jobs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE POLICY "data_import_rows_tenant_read" ON "data_import_rows" AS PERMISSIVE FOR SELECT TO public USING ("data_import_rows"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_import_rows_tenant_insert" ON "data_import_rows" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("data_import_rows"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_import_rows_tenant_update" ON "data_import_rows" AS PERMISSIVE FOR UPDATE TO public USING ("data_import_rows"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("data_import_rows"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_import_rows_tenant_delete" ON "data_import_rows" AS PERMISSIVE FOR DELETE TO public USING ("data_import_rows"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_bulk_jobs_tenant_read" ON "data_bulk_jobs" AS PERMISSIVE FOR SELECT TO public USING ("data_bulk_jobs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_bulk_jobs_tenant_insert" ON "data_bulk_jobs" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("data_bulk_jobs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_bulk_jobs_tenant_update" ON "data_bulk_jobs" AS PERMISSIVE FOR UPDATE TO public USING ("data_bulk_jobs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("data_bulk_jobs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "data_bulk_jobs_tenant_delete" ON "data_bulk_jobs" AS PERMISSIVE FOR DELETE TO public USING ("data_bulk_jobs"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);