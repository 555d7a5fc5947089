CREATE TABLE "notification_digest_hours" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hour" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digest_hours_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id"),
	CONSTRAINT "notification_digest_hours_hour" CHECK ("notification_digest_hours"."hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "notification_digest_hours" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notification_digest_hours" ADD CONSTRAINT "notification_digest_hours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_hours" ADD CONSTRAINT "notification_digest_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "notification_digest_hours_tenant_read" ON "notification_digest_hours" AS PERMISSIVE FOR SELECT TO public USING ("notification_digest_hours"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_digest_hours_tenant_insert" ON "notification_digest_hours" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("notification_digest_hours"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_digest_hours_tenant_update" ON "notification_digest_hours" AS PERMISSIVE FOR UPDATE TO public USING ("notification_digest_hours"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("notification_digest_hours"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "notification_digest_hours_tenant_delete" ON "notification_digest_hours" AS PERMISSIVE FOR DELETE TO public USING ("notification_digest_hours"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);