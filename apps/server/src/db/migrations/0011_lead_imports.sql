CREATE TABLE "lead_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_imports_organization_created_idx" ON "lead_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_imports_unfinished_idx" ON "lead_imports" USING btree ("heartbeat_at") WHERE "lead_imports"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE POLICY "lead_imports_tenant_read" ON "lead_imports" AS PERMISSIVE FOR SELECT TO public USING (("lead_imports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or (current_setting('app.import_sweep', true) = 'on'));--> statement-breakpoint
CREATE POLICY "lead_imports_tenant_insert" ON "lead_imports" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("lead_imports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_imports_tenant_update" ON "lead_imports" AS PERMISSIVE FOR UPDATE TO public USING ("lead_imports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("lead_imports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_imports_tenant_delete" ON "lead_imports" AS PERMISSIVE FOR DELETE TO public USING ("lead_imports"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_imports_sweep_update" ON "lead_imports" AS PERMISSIVE FOR UPDATE TO public USING (current_setting('app.import_sweep', true) = 'on') WITH CHECK (current_setting('app.import_sweep', true) = 'on');