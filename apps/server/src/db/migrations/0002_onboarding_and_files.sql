CREATE TABLE "user_onboarding" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current_step" text DEFAULT 'welcome' NOT NULL,
	"completed_steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_onboarding" ADD CONSTRAINT "user_onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_key" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_organization_created_idx" ON "files" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "files_organization_logo_key" ON "files" USING btree ("organization_id") WHERE "files"."purpose" = 'organization_logo';--> statement-breakpoint
CREATE POLICY "files_tenant_read" ON "files" AS PERMISSIVE FOR SELECT TO public USING (("files"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("files"."purpose" = 'organization_logo'));--> statement-breakpoint
CREATE POLICY "files_tenant_insert" ON "files" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("files"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "files_tenant_update" ON "files" AS PERMISSIVE FOR UPDATE TO public USING ("files"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("files"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "files_tenant_delete" ON "files" AS PERMISSIVE FOR DELETE TO public USING ("files"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- Hand-written: accounts that existed before onboarding shipped are already using the product,
-- so they count as onboarded and are not sent to /onboarding.
INSERT INTO "user_onboarding" ("user_id", "current_step", "completed_at")
SELECT "id", 'complete', now() FROM "users"
ON CONFLICT ("user_id") DO NOTHING;
