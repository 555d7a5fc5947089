CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid,
	"client_type" text DEFAULT 'smb' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'onboarding' NOT NULL,
	"company_name" text NOT NULL,
	"contact_first_name" text DEFAULT '' NOT NULL,
	"contact_last_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_job_title" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"billing_address" jsonb DEFAULT '{"street":"","city":"","state":"","postal_code":"","country":""}'::jsonb NOT NULL,
	"delivery_address" jsonb DEFAULT '{"street":"","city":"","state":"","postal_code":"","country":""}'::jsonb NOT NULL,
	"organization_number" text DEFAULT '' NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"payment_terms" text,
	"credit_limit" numeric(14, 2),
	"estimated_value" numeric(14, 2),
	"actual_value" numeric(14, 2),
	"lifetime_value" numeric(14, 2),
	"acquisition_cost" numeric(14, 2),
	"currency" text DEFAULT 'usd' NOT NULL,
	"industry" text,
	"company_size" text,
	"website" text DEFAULT '' NOT NULL,
	"social_media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferred_contact_method" text,
	"timezone" text,
	"language" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_contact_date" timestamp with time zone,
	"next_follow_up_date" timestamp with time zone,
	"relationship_manager" uuid,
	"onboarding_status" text DEFAULT 'not_started' NOT NULL,
	"satisfaction_score" integer,
	"risk_assessment" text,
	"renewal_date" date,
	"contract_end_date" date,
	"success_probability" integer,
	"conversion_date" timestamp with time zone,
	"converted_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_relationship_manager_users_id_fk" FOREIGN KEY ("relationship_manager") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_converted_by_users_id_fk" FOREIGN KEY ("converted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_organization_created_idx" ON "clients" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_organization_status_idx" ON "clients" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "clients_organization_manager_idx" ON "clients" USING btree ("organization_id","relationship_manager");--> statement-breakpoint
CREATE INDEX "clients_organization_conversion_idx" ON "clients" USING btree ("organization_id","conversion_date");--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_lead_key" ON "clients" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "clients_tenant_read" ON "clients" AS PERMISSIVE FOR SELECT TO public USING ("clients"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "clients_tenant_insert" ON "clients" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("clients"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "clients_tenant_update" ON "clients" AS PERMISSIVE FOR UPDATE TO public USING ("clients"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("clients"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "clients_tenant_delete" ON "clients" AS PERMISSIVE FOR DELETE TO public USING ("clients"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);