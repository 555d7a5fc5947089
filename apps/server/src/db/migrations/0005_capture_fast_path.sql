CREATE TABLE "event_lead_counts" (
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_lead_counts_event_id_slot_pk" PRIMARY KEY("event_id","slot")
);
--> statement-breakpoint
ALTER TABLE "event_lead_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_lead_counts" ADD CONSTRAINT "event_lead_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lead_counts" ADD CONSTRAINT "event_lead_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts so far move into slot 0 before the column goes.
INSERT INTO "event_lead_counts" ("organization_id", "event_id", "slot", "count")
SELECT "organization_id", "id", 0, "leads_captured" FROM "events" WHERE "leads_captured" > 0;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "leads_captured";--> statement-breakpoint
CREATE POLICY "event_lead_counts_tenant_read" ON "event_lead_counts" AS PERMISSIVE FOR SELECT TO public USING ("event_lead_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_lead_counts_tenant_insert" ON "event_lead_counts" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("event_lead_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_lead_counts_tenant_update" ON "event_lead_counts" AS PERMISSIVE FOR UPDATE TO public USING ("event_lead_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("event_lead_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "event_lead_counts_tenant_delete" ON "event_lead_counts" AS PERMISSIVE FOR DELETE TO public USING ("event_lead_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- A public capture in one round trip (decision 012). The caller has validated the answers
-- against a cached copy of the event; this checks, inside the write, that the copy is still the
-- event as it is (same updated_at, still active) and answers 'stale' otherwise, so the caller
-- reloads it and validates again. Then, in the statement's own transaction and as the event's
-- tenant (row-level security applies: SECURITY INVOKER): the lead ('replayed' when its id is
-- taken: nothing is written), its outbox messages, the double opt-in token when given, and one
-- more in a random slot of the event's lead count.
CREATE FUNCTION "capture_lead"(
  p_organization_id uuid,
  p_event_id uuid,
  p_event_version text,
  p_lead jsonb,
  p_outbox jsonb,
  p_confirmation jsonb,
  p_slots integer
) RETURNS text
LANGUAGE plpgsql
SET search_path = public
AS $$
BEGIN
  PERFORM set_config('app.organization_id', p_organization_id::text, true);
  PERFORM 1 FROM events
    WHERE id = p_event_id AND status = 'active' AND updated_at::text = p_event_version;
  IF NOT FOUND THEN
    RETURN 'stale';
  END IF;
  INSERT INTO leads (
    id, organization_id, event_id, first_name, last_name, email, phone, company, job_title,
    company_size, source, status, score, budget_range, decision_timeline, decision_role,
    interested_products, tags, notes, custom_fields, approval_status, consent_text,
    consent_given_at, attribution, created_at, updated_at
  )
  SELECT
    id, p_organization_id, p_event_id, first_name, last_name, email, phone, company, job_title,
    company_size, source, status, score, budget_range, decision_timeline, decision_role,
    interested_products, tags, notes, custom_fields, approval_status, consent_text,
    consent_given_at, attribution, created_at, updated_at
  -- p_lead is the lead as the API shows it (lead.created carries the same object): its keys
  -- are these column names, dates as ISO text; anything else in it is ignored.
  FROM jsonb_populate_record(NULL::leads, p_lead)
  -- A request with an Idempotency-Key names its lead's id (derived from the key), so a repeat
  -- finds it taken; a concurrent twin waits here for the first one's commit.
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
