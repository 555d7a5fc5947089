CREATE TABLE "offer_page_views" (
	"organization_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_page_views_offer_id_day_pk" PRIMARY KEY("offer_id","day")
);
--> statement-breakpoint
ALTER TABLE "offer_page_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"success_message" text DEFAULT '' NOT NULL,
	"consent_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('draft', 'active', 'archived')),
	CONSTRAINT "offers_published_active_check" CHECK (not "offers"."is_published" or "offers"."status" = 'active')
);
--> statement-breakpoint
ALTER TABLE "offers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offer_page_views" ADD CONSTRAINT "offer_page_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_page_views" ADD CONSTRAINT "offer_page_views_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_page_views_organization_idx" ON "offer_page_views" USING btree ("organization_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_slug_key" ON "offers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "offers_organization_created_idx" ON "offers" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "offer_page_views_tenant_read" ON "offer_page_views" AS PERMISSIVE FOR SELECT TO public USING ("offer_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "offer_page_views_tenant_insert" ON "offer_page_views" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("offer_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "offer_page_views_tenant_update" ON "offer_page_views" AS PERMISSIVE FOR UPDATE TO public USING ("offer_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("offer_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "offer_page_views_tenant_delete" ON "offer_page_views" AS PERMISSIVE FOR DELETE TO public USING ("offer_page_views"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "offers_tenant_read" ON "offers" AS PERMISSIVE FOR SELECT TO public USING (("offers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("offers"."id"::text = nullif(current_setting('app.public_lookup', true), '') or "offers"."slug" = nullif(current_setting('app.public_lookup', true), '')));--> statement-breakpoint
CREATE POLICY "offers_tenant_insert" ON "offers" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("offers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "offers_tenant_update" ON "offers" AS PERMISSIVE FOR UPDATE TO public USING ("offers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("offers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "offers_tenant_delete" ON "offers" AS PERMISSIVE FOR DELETE TO public USING ("offers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);