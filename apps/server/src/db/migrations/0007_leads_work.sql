CREATE TABLE "lead_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_activities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_scoring_rules" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_scoring_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "auto_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "manual_score" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "activity_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scoring_rules" ADD CONSTRAINT "lead_scoring_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scoring_rules" ADD CONSTRAINT "lead_scoring_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_activities_lead_created_idx" ON "lead_activities" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_live_status_idx" ON "leads" USING btree ("organization_id","status","created_at") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_live_assigned_idx" ON "leads" USING btree ("organization_id","assigned_to","created_at") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_live_score_idx" ON "leads" USING btree ("organization_id","score") WHERE "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_live_follow_up_idx" ON "leads" USING btree ("organization_id","follow_up_date") WHERE "leads"."deleted_at" is null and "leads"."follow_up_date" is not null;--> statement-breakpoint
CREATE INDEX "leads_offer_created_idx" ON "leads" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_tags_idx" ON "leads" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "leads_deleted_idx" ON "leads" USING btree ("deleted_at") WHERE "leads"."deleted_at" is not null;--> statement-breakpoint
CREATE POLICY "lead_activities_tenant_read" ON "lead_activities" AS PERMISSIVE FOR SELECT TO public USING ("lead_activities"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_activities_tenant_insert" ON "lead_activities" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("lead_activities"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_activities_tenant_update" ON "lead_activities" AS PERMISSIVE FOR UPDATE TO public USING ("lead_activities"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("lead_activities"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_activities_tenant_delete" ON "lead_activities" AS PERMISSIVE FOR DELETE TO public USING ("lead_activities"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_scoring_rules_tenant_read" ON "lead_scoring_rules" AS PERMISSIVE FOR SELECT TO public USING ("lead_scoring_rules"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_scoring_rules_tenant_insert" ON "lead_scoring_rules" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("lead_scoring_rules"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_scoring_rules_tenant_update" ON "lead_scoring_rules" AS PERMISSIVE FOR UPDATE TO public USING ("lead_scoring_rules"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("lead_scoring_rules"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_scoring_rules_tenant_delete" ON "lead_scoring_rules" AS PERMISSIVE FOR DELETE TO public USING ("lead_scoring_rules"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- Existing leads: the score so far was set by nobody (0); it becomes the automatic score.
UPDATE "leads" SET "auto_score" = "score";--> statement-breakpoint
-- capture_lead, second version (decision 012, docs/capture.md; decision 013 for duplicates).
-- Besides the event's copy it checks the scoring rules' copy (the lead arrives scored by them;
-- NULL version: the organisation has no rules row and scores by the defaults). Then, unless the
-- organisation keeps duplicates separate, a lead with the same email answers 'duplicate:<id>'
-- and nothing is written: the caller links the capture to that lead in a transaction of its
-- own. A transaction-scoped advisory lock on (organisation, email) makes two simultaneous
-- first captures of one address find each other instead of both inserting.
DROP FUNCTION "capture_lead"(uuid, uuid, text, jsonb, jsonb, jsonb, integer);--> statement-breakpoint
CREATE FUNCTION "capture_lead"(
  p_organization_id uuid,
  p_event_id uuid,
  p_event_version text,
  p_rules_version text,
  p_lead jsonb,
  p_outbox jsonb,
  p_confirmation jsonb,
  p_slots integer
) RETURNS text
LANGUAGE plpgsql
SET search_path = public
AS $$
DECLARE
  v_email text := lower(coalesce(p_lead->>'email', ''));
  v_existing uuid;
BEGIN
  PERFORM set_config('app.organization_id', p_organization_id::text, true);
  PERFORM 1 FROM events
    WHERE id = p_event_id AND status = 'active' AND updated_at::text = p_event_version;
  IF NOT FOUND THEN
    RETURN 'stale';
  END IF;
  IF (SELECT updated_at::text FROM lead_scoring_rules WHERE organization_id = p_organization_id)
      IS DISTINCT FROM p_rules_version THEN
    RETURN 'stale';
  END IF;
  -- A repeat of an Idempotency-Key names a lead that exists: nothing to do.
  PERFORM 1 FROM leads WHERE id = (p_lead->>'id')::uuid;
  IF FOUND THEN
    RETURN 'replayed';
  END IF;
  IF v_email <> '' AND coalesce(
      (SELECT settings->>'duplicate_leads' FROM organizations WHERE id = p_organization_id), 'link') = 'link' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_organization_id::text || ':' || v_email, 0));
    SELECT id INTO v_existing FROM leads
      WHERE organization_id = p_organization_id AND lower(email) = v_email AND deleted_at IS NULL
      ORDER BY created_at LIMIT 1;
    -- A concurrent twin of this request (same Idempotency-Key) waited on the lock for the
    -- first one, whose lead it now sees: a repeat, not a duplicate.
    IF v_existing = (p_lead->>'id')::uuid THEN
      RETURN 'replayed';
    END IF;
    IF v_existing IS NOT NULL THEN
      RETURN 'duplicate:' || v_existing::text;
    END IF;
  END IF;
  INSERT INTO leads (
    id, organization_id, event_id, first_name, last_name, email, phone, company, job_title,
    company_size, source, status, score, auto_score, manual_score, activity_count, budget_range,
    decision_timeline, decision_role, interested_products, tags, notes, custom_fields,
    approval_status, consent_text, consent_given_at, attribution, created_at, updated_at
  )
  SELECT
    id, p_organization_id, p_event_id, first_name, last_name, email, phone, company, job_title,
    company_size, source, status, score, auto_score, manual_score, 0, budget_range,
    decision_timeline, decision_role, interested_products, tags, notes, custom_fields,
    approval_status, consent_text, consent_given_at, attribution, created_at, updated_at
  -- p_lead is the lead as the API shows it (lead.created carries the same object): its keys
  -- are these column names, dates as ISO text; anything else in it is ignored.
  FROM jsonb_populate_record(NULL::leads, p_lead)
  -- A concurrent twin with the same Idempotency-Key waits here for the first one's commit.
  ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'replayed';
  END IF;
  INSERT INTO outbox (organization_id, kind, payload)
  SELECT p_organization_id, message->>'kind', message->'payload'
  FROM jsonb_array_elements(p_outbox) AS message;
  IF p_confirmation IS NOT NULL THEN
    INSERT INTO lead_email_confirmations (organization_id, lead_id, token_hash, expires_at)
    VALUES (
      p_organization_id, (p_lead->>'id')::uuid, p_confirmation->>'token_hash',
      (p_confirmation->>'expires_at')::timestamptz
    );
  END IF;
  INSERT INTO event_lead_counts AS c (organization_id, event_id, slot, count)
  VALUES (p_organization_id, p_event_id, floor(random() * p_slots)::smallint, 1)
  ON CONFLICT (event_id, slot) DO UPDATE SET count = c.count + 1;
  RETURN 'created';
END
$$;
