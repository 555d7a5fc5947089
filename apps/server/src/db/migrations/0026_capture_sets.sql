-- hand-written: capture_leads, second version: a batch of captures written as sets (decision 023,
-- "Sets, not a loop").
-- The first version called capture_lead for each capture: eight statements of PL/pgSQL per lead
-- (the event's version, the scoring rules' version, the id, the organisation's duplicate mode,
-- the lock, the address, the lead, its outbox row), each with its own executor start. This one
-- makes the same decisions for the whole batch at once, organisation by organisation (row-level
-- security applies as before: the tenant setting is the organisation's while its captures are
-- written), and writes the leads, their lead.created messages, confirmations and counts as one
-- statement each. The answers are the same, capture by capture:
--   stale       the event is not active, or not the version the answers were checked against,
--               or the scoring rules changed (also: an event another organisation's, invisible)
--   replayed    a lead with this id exists (the repeat of an Idempotency-Key), or an earlier
--               capture of the batch has the same id, or a concurrent twin committed it first
--   duplicate:  the organisation links duplicates and a live lead has this address (or an
--               earlier capture of the batch has it): the caller links the capture to that lead
--   created     written, announced (lead.created, built here from the lead itself, so the
--               server sends the lead once) and counted in one of the event's count slots
-- Each item: organization_id, event_id, event_version, rules_version, lead (the lead as the API
-- shows it, keys = column names), outbox (further messages: mail.send of a double opt-in),
-- confirmation (null or token_hash and expires_at). The server sorts a batch by organisation and
-- address; the address locks are taken here in that order too, so concurrent batches never wait
-- on each other in a cycle.
DROP FUNCTION IF EXISTS "capture_lead"(uuid, uuid, text, text, jsonb, jsonb, jsonb, integer);
--> statement-breakpoint
-- leads_email_first_live_id (0024) for many addresses in one call: the first live lead of each
-- (lower-cased) address in the organisation of the request's setting, run as the owner, on the
-- (organization_id, lower(email)) index; the bin and the order after the scan, as there.
-- PL/pgSQL, as the next one, for its plan cache: a SQL function that is not inlined parses and
-- plans its body on every call (a sixth of PostgreSQL's time under a capture rush, measured).
CREATE OR REPLACE FUNCTION leads_first_live_ids(p_addresses text[])
RETURNS TABLE (address text, lead_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  SELECT a.address, first_live.id
  FROM unnest(p_addresses) AS a(address)
  CROSS JOIN LATERAL (
    SELECT id FROM (
      SELECT id, created_at, deleted_at FROM leads
      WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
        AND lower(email) = a.address
      OFFSET 0
    ) AS same_address
    WHERE deleted_at IS NULL
    ORDER BY same_address.created_at, same_address.id
    LIMIT 1
  ) AS first_live;
END
$$;
--> statement-breakpoint
-- Which of these lead ids the organisation of the request's setting has, by primary key alone.
-- Under row-level security, or with the organisation beside the ids in one condition, the
-- planner may combine the ids with an organisation index (measured: 40,000 index entries read
-- for 12 ids), trusting statistics from before a burst of captures that say the organisation has
-- a handful of leads. Run as the owner, the ids first and the organisation after (OFFSET 0).
CREATE OR REPLACE FUNCTION leads_taken_ids(p_ids uuid[])
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  SELECT by_id.id FROM (SELECT l.id, l.organization_id FROM leads l WHERE l.id = ANY (p_ids) OFFSET 0) AS by_id
  WHERE by_id.organization_id = nullif(current_setting('app.organization_id', true), '')::uuid;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "capture_leads"(p_items jsonb, p_slots integer)
RETURNS TABLE (item integer, outcome text)
LANGUAGE plpgsql
SET search_path = public
-- One plan for every batch: its lookups go by id, whatever the values, and planning the
-- statement again for each batch's values was a tenth of PostgreSQL's time under a rush.
SET plan_cache_mode = force_generic_plan
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
    decided AS (
      SELECT b.item, b.capture, b.lead_id, b.event_id,
             coalesce(
               b.early,
               CASE
                 WHEN l.id_rank > 1 THEN 'replayed'
                 WHEN l.existing = l.lead_id THEN 'replayed'
                 WHEN l.existing IS NOT NULL THEN 'duplicate:' || l.existing::text
                 WHEN l.first_of_address IS DISTINCT FROM l.lead_id AND l.first_of_address IS NOT NULL
                   THEN 'duplicate:' || l.first_of_address::text
               END
             ) AS decision
      FROM batch b LEFT JOIN linked l ON l.item = b.item
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
    announced AS (
      INSERT INTO outbox (organization_id, kind, payload)
      SELECT v_organization_id, kind, payload FROM (
        SELECT c.item, 0 AS n, 'lead.created' AS kind, jsonb_build_object('data', c.capture->'lead') AS payload
        FROM created c
        UNION ALL
        SELECT c.item, m.n, m.message->>'kind', m.message->'payload'
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
    SELECT d.item,
           CASE
             WHEN d.decision IS NOT NULL THEN d.decision
             WHEN EXISTS (SELECT 1 FROM written w WHERE w.id = d.lead_id) THEN 'created'
             ELSE 'replayed'
           END
    FROM decided d;
  END LOOP;
END
$$;
