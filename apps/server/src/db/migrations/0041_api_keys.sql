CREATE TABLE "api_key_usage" (
	"key_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_pkey" PRIMARY KEY("key_id","day")
);
--> statement-breakpoint
ALTER TABLE "api_key_usage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"last_four" text NOT NULL,
	"permissions" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_permissions_check" CHECK (cardinality("api_keys"."permissions") >= 1)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_organization_idx" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE POLICY "api_key_usage_tenant_read" ON "api_key_usage" AS PERMISSIVE FOR SELECT TO public USING ("api_key_usage"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_key_usage_tenant_insert" ON "api_key_usage" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("api_key_usage"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_key_usage_tenant_update" ON "api_key_usage" AS PERMISSIVE FOR UPDATE TO public USING ("api_key_usage"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("api_key_usage"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_key_usage_tenant_delete" ON "api_key_usage" AS PERMISSIVE FOR DELETE TO public USING ("api_key_usage"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_keys_tenant_read" ON "api_keys" AS PERMISSIVE FOR SELECT TO public USING ("api_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_keys_tenant_insert" ON "api_keys" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("api_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_keys_tenant_update" ON "api_keys" AS PERMISSIVE FOR UPDATE TO public USING ("api_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("api_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "api_keys_tenant_delete" ON "api_keys" AS PERMISSIVE FOR DELETE TO public USING ("api_keys"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written:
-- An API key is presented before any tenant is known (http/auth-hook.ts): api_key_authenticate
-- finds the live key by its hash, with its creator still active, and notes its use at most once
-- a minute, in one statement. It runs as leadcapture_jobs (migration 0009), which may read the
-- columns it needs of api_keys (through its own policies) and write last_used_at, and nothing
-- else; the request then runs in the key's organisation under RLS as the app role.
GRANT SELECT (id, organization_id, created_by, key_hash, permissions, expires_at, revoked_at, last_used_at) ON "api_keys" TO leadcapture_jobs;--> statement-breakpoint
GRANT UPDATE (last_used_at) ON "api_keys" TO leadcapture_jobs;--> statement-breakpoint
GRANT SELECT (id, is_active) ON "users" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "api_keys_authenticate_read" ON "api_keys" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE POLICY "api_keys_authenticate_touch" ON "api_keys" AS PERMISSIVE FOR UPDATE TO leadcapture_jobs USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE FUNCTION api_key_authenticate(p_key_hash text)
  RETURNS TABLE(id uuid, organization_id uuid, user_id uuid, permissions text[])
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH found AS (
    SELECT k.id, k.organization_id, k.created_by, k.permissions
    FROM api_keys k JOIN users u ON u.id = k.created_by
    WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL
      AND (k.expires_at IS NULL OR k.expires_at > now()) AND u.is_active
  ), touched AS (
    UPDATE api_keys k SET last_used_at = now()
    FROM found f
    WHERE k.id = f.id AND (k.last_used_at IS NULL OR k.last_used_at <= now() - interval '1 minute')
    RETURNING k.id
  )
  SELECT f.id, f.organization_id, f.created_by, f.permissions FROM found f
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION api_key_authenticate(text) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION api_key_authenticate(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION api_key_authenticate(text) TO leadcapture_app;
