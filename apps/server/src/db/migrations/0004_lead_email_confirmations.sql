CREATE TABLE "lead_email_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_email_confirmations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_email_confirmations" ADD CONSTRAINT "lead_email_confirmations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_email_confirmations" ADD CONSTRAINT "lead_email_confirmations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_email_confirmations_token_hash_key" ON "lead_email_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "lead_email_confirmations_lead_idx" ON "lead_email_confirmations" USING btree ("lead_id");--> statement-breakpoint
CREATE POLICY "lead_email_confirmations_tenant_read" ON "lead_email_confirmations" AS PERMISSIVE FOR SELECT TO public USING (("lead_email_confirmations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("lead_email_confirmations"."token_hash" = nullif(current_setting('app.public_lookup', true), '')));--> statement-breakpoint
CREATE POLICY "lead_email_confirmations_tenant_insert" ON "lead_email_confirmations" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("lead_email_confirmations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_email_confirmations_tenant_update" ON "lead_email_confirmations" AS PERMISSIVE FOR UPDATE TO public USING ("lead_email_confirmations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("lead_email_confirmations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_email_confirmations_tenant_delete" ON "lead_email_confirmations" AS PERMISSIVE FOR DELETE TO public USING ("lead_email_confirmations"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);