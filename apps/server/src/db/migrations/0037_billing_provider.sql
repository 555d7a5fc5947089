CREATE TABLE "billing_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address_line1" text DEFAULT '' NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_provider_check" CHECK ("billing_customers"."provider" in ('local', 'stripe'))
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"plan_id" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"provider_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"amount_due" integer NOT NULL,
	"plan_id" text,
	"billing_cycle" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"lines" jsonb NOT NULL,
	"customer" jsonb,
	"provider_invoice_id" text,
	"provider_pdf_url" text,
	"provider_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('paid', 'open', 'draft', 'void', 'uncollectible'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"provider_payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" in ('card', 'sepa_debit', 'bank_transfer', 'invoice'))
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_label" text,
	"failure_message" text,
	"provider_payment_id" text,
	"provider_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('succeeded', 'processing', 'requires_action', 'requires_payment_method', 'requires_confirmation', 'payment_canceled'))
);
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "usage_records" (
	"organization_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"day" date NOT NULL,
	"quantity" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_organization_key" ON "billing_customers" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_provider_key" ON "billing_customers" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_organization_idx" ON "checkout_sessions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_key" ON "checkout_sessions" USING btree ("provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_key" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_organization_issued_idx" ON "invoices" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "payment_methods_organization_idx" ON "payment_methods" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_default_key" ON "payment_methods" USING btree ("organization_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_key" ON "payment_methods" USING btree ("provider_payment_method_id");--> statement-breakpoint
CREATE INDEX "payments_organization_created_idx" ON "payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_key" ON "usage_records" USING btree ("organization_id","resource","day");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_key" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE POLICY "billing_customers_tenant_read" ON "billing_customers" AS PERMISSIVE FOR SELECT TO public USING ("billing_customers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "billing_customers_tenant_insert" ON "billing_customers" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("billing_customers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "billing_customers_tenant_update" ON "billing_customers" AS PERMISSIVE FOR UPDATE TO public USING ("billing_customers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("billing_customers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "billing_customers_tenant_delete" ON "billing_customers" AS PERMISSIVE FOR DELETE TO public USING ("billing_customers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "checkout_sessions_tenant_read" ON "checkout_sessions" AS PERMISSIVE FOR SELECT TO public USING ("checkout_sessions"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "checkout_sessions_tenant_insert" ON "checkout_sessions" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("checkout_sessions"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "checkout_sessions_tenant_update" ON "checkout_sessions" AS PERMISSIVE FOR UPDATE TO public USING ("checkout_sessions"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("checkout_sessions"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "checkout_sessions_tenant_delete" ON "checkout_sessions" AS PERMISSIVE FOR DELETE TO public USING ("checkout_sessions"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invoices_tenant_read" ON "invoices" AS PERMISSIVE FOR SELECT TO public USING ("invoices"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invoices_tenant_insert" ON "invoices" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("invoices"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invoices_tenant_update" ON "invoices" AS PERMISSIVE FOR UPDATE TO public USING ("invoices"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("invoices"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invoices_tenant_delete" ON "invoices" AS PERMISSIVE FOR DELETE TO public USING ("invoices"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payment_methods_tenant_read" ON "payment_methods" AS PERMISSIVE FOR SELECT TO public USING ("payment_methods"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payment_methods_tenant_insert" ON "payment_methods" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("payment_methods"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payment_methods_tenant_update" ON "payment_methods" AS PERMISSIVE FOR UPDATE TO public USING ("payment_methods"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("payment_methods"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payment_methods_tenant_delete" ON "payment_methods" AS PERMISSIVE FOR DELETE TO public USING ("payment_methods"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payments_tenant_read" ON "payments" AS PERMISSIVE FOR SELECT TO public USING ("payments"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payments_tenant_insert" ON "payments" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("payments"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payments_tenant_update" ON "payments" AS PERMISSIVE FOR UPDATE TO public USING ("payments"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("payments"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "payments_tenant_delete" ON "payments" AS PERMISSIVE FOR DELETE TO public USING ("payments"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_records_tenant_read" ON "usage_records" AS PERMISSIVE FOR SELECT TO public USING ("usage_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_records_tenant_insert" ON "usage_records" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("usage_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_records_tenant_update" ON "usage_records" AS PERMISSIVE FOR UPDATE TO public USING ("usage_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("usage_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "usage_records_tenant_delete" ON "usage_records" AS PERMISSIVE FOR DELETE TO public USING ("usage_records"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);