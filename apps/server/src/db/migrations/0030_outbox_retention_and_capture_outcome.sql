-- hand-written: the outbox's retention, and capture_leads answering a typed outcome.
-- Retention (jobs/outbox-retention.ts, docs/jobs.md "Outbox") deletes delivered rows after 7
-- days and dead rows after 30, in batches ordered by when they finished: these partial indexes
-- find them without reading the pending rows (or each other). Dead rows are few; delivered rows
-- are most of the table, one entry each.
CREATE INDEX "outbox_delivered_idx" ON "outbox" USING btree ("delivered_at") WHERE "outbox"."delivered_at" is not null;
--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("failed_at") WHERE "outbox"."failed_at" is not null;
--> statement-breakpoint
-- capture_leads answers a typed outcome, `kind` and `lead_id`, instead of 'duplicate:<uuid>' in
-- one text column that its caller had to take apart. A new return type needs DROP and CREATE;
-- everything else is as in 0028. The current text is in db/functions/capture_leads.sql.
DROP FUNCTION "capture_leads"(jsonb, integer, integer);
--> statement-breakpoint
CREATE FUNCTION "capture_leads"(p_items jsonb, p_slots integer, p_lease_seconds integer)
RETURNS TABLE (item integer, kind text, lead_id uuid)
LANGUAGE plpgsql
SET search_path = public
-- One plan for every batch: its lookups go by id, whatever the values, and planning the
-- statement again for each batch's values was a tenth of PostgreSQL's time under a rush.
SET plan_cache_mode = force_generic_plan
-- Every lookup here goes by a key (events by id, organisations by id, count slots by event and
-- slot): that generic plan must not be one made for tables that were empty (migration 0027).
SET enable_seqscan = off
AS $$
DECLARE
  v_organization_id uuid;
  v_link boolean;
  v_rules_version text;
BEGIN
  FOR v_organization_id IN
    SELECT DISTINCT (value->>'organization_id')::uuid FROM jsonb_array_elements(p_items) ORDER BY 1
  LOOP
    PERFORM set_config('app.organization_id', v_organization_id::text, true);
    -- Under the tenant's policies: another organisation sees no row, hence no settings (link)
    -- and no rules, and its captures go stale on the event check below.
    v_link := coalesce(
      (SELECT settings->>'duplicate_leads' FROM organizations WHERE id = v_organization_id), 'link') = 'link';
    v_rules_version := (SELECT updated_at::text FROM lead_scoring_rules WHERE organization_id = v_organization_id);
    -- The duplicate check's locks, before the statement below takes its snapshot: a capture of
    -- the same address in another transaction commits first, and is then seen.
    IF v_link THEN
      PERFORM pg_advisory_xact_lock(hashtextextended(v_organization_id::text || ':' || address, 0))
      FROM (
        SELECT DISTINCT lower(value->'lead'->>'email') AS address
        FROM jsonb_array_elements(p_items)
        WHERE (value->>'organization_id')::uuid = v_organization_id AND coalesce(value->'lead'->>'email', '') <> ''
        ORDER BY 1
      ) AS addresses;
    END IF;
    RETURN QUERY
    WITH captures AS MATERIALIZED (
      SELECT (position - 1)::integer AS item, value AS capture, (value->'lead'->>'id')::uuid AS lead_id,
             (value->>'event_id')::uuid AS event_id, value->>'event_version' AS event_version,
             value->>'rules_version' AS rules_version, lower(coalesce(value->'lead'->>'email', '')) AS address
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(value, position)
      WHERE (value->>'organization_id')::uuid = v_organization_id
    ),
    -- Looked up for the whole batch at once, by primary key.
    active_events AS MATERIALIZED (
      SELECT e.id, e.updated_at::text AS version FROM events e
      WHERE e.id = ANY (ARRAY(SELECT DISTINCT c.event_id FROM captures c)) AND e.status = 'active'
    ),
    taken_ids AS MATERIALIZED (
      SELECT t.id FROM leads_taken_ids(ARRAY(SELECT c.lead_id FROM captures c)) AS t(id)
    ),
    batch AS MATERIALIZED (
      SELECT c.*,
             CASE
               WHEN NOT EXISTS (SELECT 1 FROM active_events e WHERE e.id = c.event_id AND e.version = c.event_version)
                 OR v_rules_version IS DISTINCT FROM c.rules_version THEN 'stale'
               WHEN EXISTS (SELECT 1 FROM taken_ids t WHERE t.id = c.lead_id) THEN 'replayed'
             END AS early
      FROM captures c
    ),
    -- The captures still to decide: the first of each id (a later twin is a repeat).
    open AS (
      SELECT b.*, row_number() OVER (PARTITION BY b.lead_id ORDER BY b.item) AS id_rank
      FROM batch b WHERE b.early IS NULL
    ),
    -- Each address's first live lead, through leads_first_live_ids (this migration), which
    -- never reads leads under row-level security.
    known_addresses AS MATERIALIZED (
      SELECT k.address, k.lead_id FROM leads_first_live_ids(
        ARRAY(SELECT DISTINCT o.address FROM open o WHERE v_link AND o.id_rank = 1 AND o.address <> '')
      ) AS k
    ),
    linked AS MATERIALIZED (
      SELECT o.*, k.lead_id AS existing,
             CASE WHEN v_link AND o.id_rank = 1 AND o.address <> ''
               THEN first_value(o.lead_id) OVER (PARTITION BY o.id_rank = 1, o.address ORDER BY o.item)
             END AS first_of_address
      FROM open o
      LEFT JOIN known_addresses k ON v_link AND o.id_rank = 1 AND k.address = o.address
    ),
    -- The lead an address already has: a live lead, else an earlier capture of this batch.
    duplicates AS (
      SELECT b.*,
             CASE
               WHEN b.early IS NOT NULL OR l.id_rank > 1 OR l.existing = l.lead_id THEN NULL
               WHEN l.existing IS NOT NULL THEN l.existing
               WHEN l.first_of_address IS DISTINCT FROM l.lead_id THEN l.first_of_address
             END AS duplicate_of,
             l.id_rank > 1 OR l.existing = l.lead_id AS is_repeat
      FROM batch b LEFT JOIN linked l ON l.item = b.item
    ),
    decided AS (
      SELECT u.item, u.capture, u.lead_id, u.event_id, u.duplicate_of,
             coalesce(
               u.early,
               CASE WHEN u.is_repeat THEN 'replayed' WHEN u.duplicate_of IS NOT NULL THEN 'duplicate' END
             ) AS decision
      FROM duplicates u
    ),
    written AS (
      INSERT INTO leads (
        id, organization_id, event_id, first_name, last_name, email, phone, company, job_title,
        company_size, source, status, score, auto_score, manual_score, activity_count, budget_range,
        decision_timeline, decision_role, interested_products, tags, notes, custom_fields,
        approval_status, consent_text, consent_given_at, attribution, created_at, updated_at
      )
      SELECT
        r.id, v_organization_id, d.event_id, r.first_name, r.last_name, r.email, r.phone, r.company, r.job_title,
        r.company_size, r.source, r.status, r.score, r.auto_score, r.manual_score, 0, r.budget_range,
        r.decision_timeline, r.decision_role, r.interested_products, r.tags, r.notes, r.custom_fields,
        r.approval_status, r.consent_text, r.consent_given_at, r.attribution, r.created_at, r.updated_at
      FROM decided d, jsonb_populate_record(NULL::leads, d.capture->'lead') AS r
      WHERE d.decision IS NULL
      ORDER BY d.item
      -- A concurrent twin with the same Idempotency-Key waits here for the first one's commit.
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    ),
    -- (A twin later in the batch has the same id, and its own decision: replayed.)
    created AS (
      SELECT d.* FROM decided d JOIN written w ON w.id = d.lead_id WHERE d.decision IS NULL
    ),
    -- lead.created is leased to the writing process (its id chosen there), which delivers it
    -- right after the commit (outbox.ts deliverLeased); further messages wait for the poller.
    announced AS (
      INSERT INTO outbox (id, organization_id, kind, payload, attempts, locked_until)
      SELECT messages.id, v_organization_id, messages.kind, messages.payload, messages.attempts, messages.locked_until
      FROM (
        SELECT c.item, 0 AS n, (c.capture->>'message_id')::uuid AS id, 'lead.created' AS kind,
               jsonb_build_object('data', c.capture->'lead') AS payload, 1 AS attempts,
               now() + make_interval(secs => p_lease_seconds) AS locked_until
        FROM created c
        UNION ALL
        SELECT c.item, m.n, gen_random_uuid(), m.message->>'kind', m.message->'payload', 0, NULL::timestamptz
        FROM created c, jsonb_array_elements(c.capture->'outbox') WITH ORDINALITY AS m(message, n)
      ) AS messages
      ORDER BY messages.item, messages.n
    ),
    confirmations AS (
      INSERT INTO lead_email_confirmations (organization_id, lead_id, token_hash, expires_at)
      SELECT v_organization_id, c.lead_id, c.capture->'confirmation'->>'token_hash',
             (c.capture->'confirmation'->>'expires_at')::timestamptz
      FROM created c
      WHERE jsonb_typeof(c.capture->'confirmation') = 'object'
    ),
    counted AS (
      INSERT INTO event_lead_counts AS slot_row (organization_id, event_id, slot, count)
      SELECT v_organization_id, c.event_id, floor(random() * p_slots)::smallint, count(*)
      FROM created c
      GROUP BY c.event_id
      -- Events in id order: two batches never hold each other's count rows in a cycle.
      ORDER BY c.event_id
      ON CONFLICT (event_id, slot) DO UPDATE SET count = slot_row.count + excluded.count
    )
    -- kind: created, replayed, stale or duplicate. lead_id: the lead a duplicate joins, else the
    -- capture's own lead (created now, or by the capture it repeats); none when stale.
    SELECT d.item,
           CASE
             WHEN d.decision IS NOT NULL THEN d.decision
             WHEN EXISTS (SELECT 1 FROM written w WHERE w.id = d.lead_id) THEN 'created'
             ELSE 'replayed'
           END,
           CASE d.decision WHEN 'stale' THEN NULL WHEN 'duplicate' THEN d.duplicate_of ELSE d.lead_id END
    FROM decided d;
  END LOOP;
END
$$;
