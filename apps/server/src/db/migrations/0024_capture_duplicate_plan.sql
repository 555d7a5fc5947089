-- hand-written: capture_lead, fourth version, and the duplicate lookup it (and a lead created by
-- hand) makes, measured in the capture benchmark.
-- The third version looked the address up with `id = ANY(ARRAY(SELECT leads_email_ids(...)))
-- ORDER BY created_at LIMIT 1` under row-level security. There the tenant policy's organisation
-- condition lets the planner pick any organisation index and filter on the ids; with statistics
-- from before a burst of captures (a new organisation at its first trade show) it thinks the
-- organisation has a handful of leads, and walked all of them: 12.7 ms for 37,000 leads, every
-- capture slower than the one before (pgbench, 10 clients: 281 captures/s as the API's role,
-- 2,585 as a superuser).
-- leads_email_first_live_id runs as the owner (no policy condition to tempt the planner) within
-- the organisation of the request's setting, on the (organization_id, lower(email)) index. The
-- bin and the order are applied after the scan (OFFSET 0): with `deleted_at IS NULL` inside,
-- the partial indexes of the live leads qualify, and with stale statistics the planner took one
-- and filtered 16,000 leads; with the ORDER BY inside, a walk in created_at order.
CREATE OR REPLACE FUNCTION leads_email_first_live_id(p_email text) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT id FROM (
    SELECT id, created_at, deleted_at FROM leads
    WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
      AND lower(email) = lower(p_email)
    OFFSET 0
  ) AS same_address
  WHERE deleted_at IS NULL
  ORDER BY created_at, id
  LIMIT 1
$$;
--> statement-breakpoint
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
  INSERT INTO event_lead_counts AS c (organization_id, event_id, slot, count)
  VALUES (p_organization_id, p_event_id, floor(random() * p_slots)::smallint, 1)
  ON CONFLICT (event_id, slot) DO UPDATE SET count = c.count + 1;
  RETURN 'created';
END
$$;
