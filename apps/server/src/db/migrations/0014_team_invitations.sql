CREATE TABLE "invitation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "status" text DEFAULT 'joined' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "department" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "job_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD CONSTRAINT "invitation_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD CONSTRAINT "invitation_tokens_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD CONSTRAINT "invitation_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_tokens_token_hash_key" ON "invitation_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitation_tokens_membership_idx" ON "invitation_tokens" USING btree ("membership_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_organization_invited_email_key" ON "memberships" USING btree ("organization_id","invited_email") WHERE "memberships"."status" = 'invited';--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('joined', 'invited', 'inactive'));--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_invited_user_check" CHECK (("memberships"."status" = 'invited') = ("memberships"."user_id" is null));--> statement-breakpoint
CREATE POLICY "invitation_tokens_tenant_read" ON "invitation_tokens" AS PERMISSIVE FOR SELECT TO public USING (("invitation_tokens"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("invitation_tokens"."token_hash" = nullif(current_setting('app.public_lookup', true), '')));--> statement-breakpoint
CREATE POLICY "invitation_tokens_tenant_insert" ON "invitation_tokens" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("invitation_tokens"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invitation_tokens_tenant_update" ON "invitation_tokens" AS PERMISSIVE FOR UPDATE TO public USING ("invitation_tokens"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("invitation_tokens"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invitation_tokens_tenant_delete" ON "invitation_tokens" AS PERMISSIVE FOR DELETE TO public USING ("invitation_tokens"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
ALTER POLICY "organizations_tenant_read" ON "organizations" TO public USING (("organizations"."id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("organizations"."id" in (select m.organization_id from memberships m where m.user_id = nullif(current_setting('app.user_id', true), '')::uuid and m.status = 'joined')));--> statement-breakpoint
-- hand-written:
-- Members from before team management joined when their membership was made.
UPDATE "memberships" SET "joined_at" = "created_at";
