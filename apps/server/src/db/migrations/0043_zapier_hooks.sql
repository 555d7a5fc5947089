CREATE TABLE "zapier_hooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"target_url" text NOT NULL,
	"event" text NOT NULL,
	"created_by" uuid,
	"last_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zapier_hooks_event_check" CHECK ("zapier_hooks"."event" in ('lead.created', 'lead.updated', 'lead.status_changed'))
);
--> statement-breakpoint
ALTER TABLE "zapier_hooks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zapier_hooks" ADD CONSTRAINT "zapier_hooks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zapier_hooks" ADD CONSTRAINT "zapier_hooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zapier_hooks_target_idx" ON "zapier_hooks" USING btree ("organization_id","event","target_url");--> statement-breakpoint
CREATE POLICY "zapier_hooks_tenant_read" ON "zapier_hooks" AS PERMISSIVE FOR SELECT TO public USING ("zapier_hooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "zapier_hooks_tenant_insert" ON "zapier_hooks" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("zapier_hooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "zapier_hooks_tenant_update" ON "zapier_hooks" AS PERMISSIVE FOR UPDATE TO public USING ("zapier_hooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("zapier_hooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "zapier_hooks_tenant_delete" ON "zapier_hooks" AS PERMISSIVE FOR DELETE TO public USING ("zapier_hooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);