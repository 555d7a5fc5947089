-- hand-written: captures written in batches, one transaction for many (decision 023).
-- capture_lead, fifth version: the same, except that p_slots = 0 leaves the count to the caller.
-- capture_leads writes a batch of captures in the caller's one transaction, in the order given
-- (the server sorts them by organisation and address, so concurrent batches take the duplicate
-- check's advisory locks in one order and never wait on each other in a cycle), then adds each
-- event's new leads to one of its count slots, events in id order for the same reason. It answers
-- one row per capture: its position in the batch and what capture_lead answered for it.
CREATE OR REPLACE FUNCTION "capture_lead"(
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
    -- Through leads_email_first_live_id (0024), which never reads leads under row-level security.
    v_existing := leads_email_first_live_id(v_email);
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
  -- p_slots 0: the caller counts (capture_leads, once per event for a whole batch).
  IF p_slots > 0 THEN
    INSERT INTO event_lead_counts AS c (organization_id, event_id, slot, count)
    VALUES (p_organization_id, p_event_id, floor(random() * p_slots)::smallint, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN 'created';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "capture_leads"(p_items jsonb, p_slots integer)
RETURNS TABLE (item integer, outcome text)
LANGUAGE plpgsql
SET search_path = public
AS $$
DECLARE
  v_item jsonb;
  v_position integer := 0;
  -- event id -> {organization_id, created}
  v_counts jsonb := '{}'::jsonb;
  v_event record;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    item := v_position;
    outcome := capture_lead(
      (v_item->>'organization_id')::uuid, (v_item->>'event_id')::uuid, v_item->>'event_version',
      v_item->>'rules_version', v_item->'lead', v_item->'outbox',
      nullif(v_item->'confirmation', 'null'::jsonb), 0
    );
    IF outcome = 'created' THEN
      v_counts := jsonb_set(v_counts, ARRAY[v_item->>'event_id'], jsonb_build_object(
        'organization_id', v_item->>'organization_id',
        'created', coalesce((v_counts->(v_item->>'event_id')->>'created')::integer, 0) + 1
      ));
    END IF;
    RETURN NEXT;
    v_position := v_position + 1;
  END LOOP;
  FOR v_event IN SELECT key, value FROM jsonb_each(v_counts) ORDER BY key LOOP
    PERFORM set_config('app.organization_id', v_event.value->>'organization_id', true);
    INSERT INTO event_lead_counts AS c (organization_id, event_id, slot, count)
    VALUES (
      (v_event.value->>'organization_id')::uuid, v_event.key::uuid,
      floor(random() * p_slots)::smallint, (v_event.value->>'created')::integer
    )
    ON CONFLICT (event_id, slot) DO UPDATE SET count = c.count + excluded.count;
  END LOOP;
END
$$;
