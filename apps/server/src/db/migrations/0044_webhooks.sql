CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	CONSTRAINT "webhook_attempts_trigger_check" CHECK ("webhook_attempts"."trigger" in ('automatic', 'test', 'resend'))
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_disabled_reason_check" CHECK ("webhooks"."disabled_reason" in ('manual', 'gone', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "webhooks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "webhook_attempts" USING btree ("webhook_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_key" ON "webhook_deliveries" USING btree ("webhook_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_created_idx" ON "webhook_deliveries" USING btree ("organization_id","webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhooks_organization_idx" ON "webhooks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE POLICY "webhook_attempts_tenant_read" ON "webhook_attempts" AS PERMISSIVE FOR SELECT TO public USING ("webhook_attempts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_attempts_tenant_insert" ON "webhook_attempts" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("webhook_attempts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_attempts_tenant_update" ON "webhook_attempts" AS PERMISSIVE FOR UPDATE TO public USING ("webhook_attempts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("webhook_attempts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_attempts_tenant_delete" ON "webhook_attempts" AS PERMISSIVE FOR DELETE TO public USING ("webhook_attempts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_deliveries_tenant_read" ON "webhook_deliveries" AS PERMISSIVE FOR SELECT TO public USING ("webhook_deliveries"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_deliveries_tenant_insert" ON "webhook_deliveries" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("webhook_deliveries"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_deliveries_tenant_update" ON "webhook_deliveries" AS PERMISSIVE FOR UPDATE TO public USING ("webhook_deliveries"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("webhook_deliveries"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhook_deliveries_tenant_delete" ON "webhook_deliveries" AS PERMISSIVE FOR DELETE TO public USING ("webhook_deliveries"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhooks_tenant_read" ON "webhooks" AS PERMISSIVE FOR SELECT TO public USING ("webhooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhooks_tenant_insert" ON "webhooks" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("webhooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhooks_tenant_update" ON "webhooks" AS PERMISSIVE FOR UPDATE TO public USING ("webhooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("webhooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "webhooks_tenant_delete" ON "webhooks" AS PERMISSIVE FOR DELETE TO public USING ("webhooks"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- The webhook fan-out asks, once per lead change of any organisation, whether anyone listens:
-- one indexed look-up outside a tenant transaction, through this function, as leadcapture_jobs
-- (migration 0009), which may read these columns of webhooks and nothing else. The deliveries
-- themselves are written in the organisation's scope under RLS.
GRANT SELECT (organization_id, is_active, events) ON "webhooks" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "webhooks_jobs_scan" ON "webhooks" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION webhooks_subscribed(p_organization_id uuid, p_type text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM webhooks WHERE organization_id = p_organization_id AND is_active AND p_type = ANY (events))
$$;--> statement-breakpoint
-- Delivery retention (modules/webhooks, docs/webhooks.md) finds the organisations with old
-- deliveries through this one; each deletion then runs in the organisation's scope.
GRANT SELECT (organization_id, created_at) ON "webhook_deliveries" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "webhook_deliveries_jobs_scan" ON "webhook_deliveries" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION webhook_deliveries_expired_organizations(p_days integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT organization_id FROM webhook_deliveries WHERE created_at < now() - make_interval(days => p_days)
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION webhooks_subscribed(uuid, text) OWNER TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION webhook_deliveries_expired_organizations(integer) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION webhooks_subscribed(uuid, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION webhooks_subscribed(uuid, text) TO leadcapture_app;--> statement-breakpoint
REVOKE ALL ON FUNCTION webhook_deliveries_expired_organizations(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION webhook_deliveries_expired_organizations(integer) TO leadcapture_app;
