CREATE TABLE "assignment_turns" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"turns" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_turns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "assignment" jsonb DEFAULT '{"mode":"none","user_ids":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "answer_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "answer_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "assignment_turns_tenant_read" ON "assignment_turns" AS PERMISSIVE FOR SELECT TO public USING ("assignment_turns"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "assignment_turns_tenant_insert" ON "assignment_turns" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("assignment_turns"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "assignment_turns_tenant_update" ON "assignment_turns" AS PERMISSIVE FOR UPDATE TO public USING ("assignment_turns"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("assignment_turns"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "assignment_turns_tenant_delete" ON "assignment_turns" AS PERMISSIVE FOR DELETE TO public USING ("assignment_turns"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
DROP FUNCTION "capture_leads"(jsonb, integer, jsonb);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.capture_leads(p_items jsonb, p_lease_seconds integer, p_lead_limits jsonb)
 RETURNS TABLE(item integer, kind text, lead_id uuid, assigned_to uuid)
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  v_organization_id uuid;
  v_link boolean;
  v_rules_version text;
  v_limit integer;
  v_room integer;
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
    -- The month's lead limit: the plan's, or free's once a trial has ended (billing.service.ts
    -- effectivePlan); the room left counts the calendar month's (UTC) leads, deleted ones too.
    -- A month's count only grows, so a month found full needs no lock: everything is held. With
    -- room left, the subscription row is locked and the room counted again under it. A month
    -- that already holds captures is full without counting: a plan change releases them as far
    -- as its room goes (billing/held-leads.ts), so held ones remain only while there is none.
    v_limit := (
      SELECT (p_lead_limits->>(CASE WHEN s.status = 'trialing' AND s.trial_end <= now() THEN 'free' ELSE s.plan_id END))::integer
      FROM subscriptions s WHERE s.organization_id = v_organization_id
    );
    IF v_limit IS NOT NULL THEN
      FOR v_pass IN 1..2 LOOP
        IF v_pass = 1 AND EXISTS (
          SELECT 1 FROM held_leads
          WHERE organization_id = v_organization_id
            AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        ) THEN
          v_room := 0;
          EXIT;
        END IF;
        v_room := greatest(0, v_limit - (
          SELECT count(*) FROM (
            SELECT 1 FROM leads
            WHERE organization_id = v_organization_id
              AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
            LIMIT v_limit
          ) AS month_leads
        )::integer);
        EXIT WHEN v_room = 0 OR v_pass = 2;
        v_limit := (
          SELECT (p_lead_limits->>(CASE WHEN s.status = 'trialing' AND s.trial_end <= now() THEN 'free' ELSE s.plan_id END))::integer
          FROM subscriptions s WHERE s.organization_id = v_organization_id FOR UPDATE
        );
        EXIT WHEN v_limit IS NULL;
      END LOOP;
    END IF;
    RETURN QUERY
    WITH captures AS MATERIALIZED (
      SELECT (position - 1)::integer AS item, value AS capture, (value->'lead'->>'id')::uuid AS lead_id,
             value->>'page_kind' AS page_kind, (value->>'page_id')::uuid AS page_id,
             value->>'page_version' AS page_version,
             value->>'rules_version' AS rules_version, lower(coalesce(value->'lead'->>'email', '')) AS address
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(value, position)
      WHERE (value->>'organization_id')::uuid = v_organization_id
    ),
    -- Looked up for the whole batch at once, by primary key.
    public_pages AS MATERIALIZED (
      SELECT 'event' AS kind, e.id, e.updated_at::text AS version FROM events e
      WHERE e.id = ANY (ARRAY(SELECT DISTINCT c.page_id FROM captures c WHERE c.page_kind = 'event'))
        AND e.status = 'active'
      UNION ALL
      SELECT 'offer', o.id, o.updated_at::text FROM offers o
      WHERE o.id = ANY (ARRAY(SELECT DISTINCT c.page_id FROM captures c WHERE c.page_kind = 'offer'))
        AND o.status = 'active' AND o.is_published
    ),
    taken_ids AS MATERIALIZED (
      SELECT t.id FROM leads_taken_ids(ARRAY(SELECT c.lead_id FROM captures c)) AS t(id)
      UNION ALL
      SELECT h.id FROM held_leads h WHERE h.id = ANY (ARRAY(SELECT c.lead_id FROM captures c))
    ),
    batch AS MATERIALIZED (
      SELECT c.*,
             CASE
               WHEN NOT EXISTS (
                 SELECT 1 FROM public_pages p
                 WHERE p.kind = c.page_kind AND p.id = c.page_id AND p.version = c.page_version
               )
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
    undecided AS (
      SELECT u.item, u.capture, u.lead_id, u.page_kind, u.page_id, u.duplicate_of,
             coalesce(
               u.early,
               CASE WHEN u.is_repeat THEN 'replayed' WHEN u.duplicate_of IS NOT NULL THEN 'duplicate' END
             ) AS decision
      FROM duplicates u
    ),
    -- The new leads in batch order: those past the month's room are held.
    limited AS MATERIALIZED (
      SELECT n.item, n.capture, n.lead_id, n.page_kind, n.page_id, n.duplicate_of,
             CASE
               WHEN n.decision IS NULL AND v_limit IS NOT NULL
                 AND row_number() OVER (PARTITION BY n.decision IS NULL ORDER BY n.item) > v_room THEN 'held'
               ELSE n.decision
             END AS decision
      FROM undecided n
    ),
    decided AS (
      SELECT l.item, l.capture, l.lead_id, l.page_kind, l.page_id, l.duplicate_of,
             CASE
               WHEN l.decision = 'duplicate'
                 AND EXISTS (SELECT 1 FROM limited h WHERE h.decision = 'held' AND h.lead_id = l.duplicate_of)
                 THEN 'held'
               ELSE l.decision
             END AS decision
      FROM limited l
    ),
    -- Automatic assignment (modules/qualification, docs/leads-scoring.md): each page of the
    -- batch that assigns, with the members who take captures now (joined, working on leads,
    -- active and available) in the page's order; all such members when a round robin names none.
    pools AS MATERIALIZED (
      SELECT a.page_id, array_agg(m.user_id ORDER BY o.position, m.user_id) AS members
      FROM (
        SELECT DISTINCT ON (d.page_id) d.page_id, d.capture->'assign' AS assign
        FROM decided d
        WHERE d.decision IS NULL AND d.capture->'assign'->>'mode' IN ('fixed', 'round_robin')
      ) AS a
      LEFT JOIN LATERAL jsonb_array_elements_text(a.assign->'user_ids') WITH ORDINALITY AS o(user_id, position) ON true
      JOIN memberships m ON m.organization_id = v_organization_id
        AND (m.user_id = o.user_id::uuid OR (o.user_id IS NULL AND a.assign->>'mode' = 'round_robin'))
        AND m.status = 'joined' AND m.available AND m.role IN ('owner', 'admin', 'member')
      JOIN users u ON u.id = m.user_id AND u.is_active
      GROUP BY a.page_id
    ),
    to_assign AS MATERIALIZED (
      SELECT d.item, d.page_id, p.members,
             row_number() OVER (PARTITION BY d.page_id ORDER BY d.item) AS turn,
             count(*) OVER (PARTITION BY d.page_id) AS batch_turns
      FROM decided d JOIN pools p ON p.page_id = d.page_id
      WHERE d.decision IS NULL
    ),
    -- A round robin's turns advance by the batch's new leads in this transaction: a concurrent
    -- batch of the page waits on the row and continues where this one ends.
    turns AS (
      INSERT INTO assignment_turns AS a (page_id, organization_id, turns)
      SELECT t.page_id, v_organization_id, count(*) FROM to_assign t
      WHERE cardinality(t.members) > 1
      GROUP BY t.page_id
      ORDER BY t.page_id
      ON CONFLICT (page_id) DO UPDATE SET turns = a.turns + excluded.turns
      RETURNING a.page_id, a.turns
    ),
    assignees AS MATERIALIZED (
      SELECT t.item,
             t.members[1 + ((coalesce(n.turns, t.batch_turns) - t.batch_turns + t.turn - 1) % cardinality(t.members))::integer] AS user_id
      FROM to_assign t LEFT JOIN turns n ON n.page_id = t.page_id
    ),
    held AS (
      INSERT INTO held_leads (id, organization_id, capture, created_at)
      SELECT d.lead_id, v_organization_id, d.capture, (d.capture->'lead'->>'created_at')::timestamptz
      FROM decided d
      WHERE d.decision = 'held'
      ORDER BY d.item
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    ),
    written AS (
      INSERT INTO leads (
        id, organization_id, event_id, offer_id, first_name, last_name, email, phone, company, job_title,
        company_size, source, status, interest, score, auto_score, manual_score, activity_count, answer_points,
        budget_range, decision_timeline, decision_role, interested_products, tags, assigned_to, notes, custom_fields,
        approval_status, consent_text, consent_given_at, attribution, created_at, updated_at
      )
      SELECT
        r.id, v_organization_id,
        CASE d.page_kind WHEN 'event' THEN d.page_id END, CASE d.page_kind WHEN 'offer' THEN d.page_id END,
        r.first_name, r.last_name, r.email, r.phone, r.company, r.job_title,
        r.company_size, r.source, r.status, r.interest, r.score, r.auto_score, r.manual_score, 0,
        coalesce((d.capture->>'answer_points')::integer, 0),
        r.budget_range, r.decision_timeline, r.decision_role, r.interested_products, r.tags, a.user_id, r.notes,
        r.custom_fields, r.approval_status, r.consent_text, r.consent_given_at, r.attribution, r.created_at, r.updated_at
      FROM decided d CROSS JOIN LATERAL jsonb_populate_record(NULL::leads, d.capture->'lead') AS r
      LEFT JOIN assignees a ON a.item = d.item
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
               jsonb_build_object('data', CASE WHEN a.user_id IS NULL THEN c.capture->'lead'
                 ELSE jsonb_set(c.capture->'lead', '{assigned_to}', to_jsonb(a.user_id)) END) AS payload,
               1 AS attempts, now() + make_interval(secs => p_lease_seconds) AS locked_until
        FROM created c LEFT JOIN assignees a ON a.item = c.item
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
    -- An assigned capture's timeline says so, as a manual assignment's does (by nobody: automatic).
    assigned AS (
      INSERT INTO lead_activities (organization_id, lead_id, type, metadata)
      SELECT v_organization_id, c.lead_id, 'assigned',
             jsonb_build_object('from', NULL, 'to', a.user_id, 'to_name', trim(u.first_name || ' ' || u.last_name),
                                'automatic', true)
      FROM created c JOIN assignees a ON a.item = c.item JOIN users u ON u.id = a.user_id
      ORDER BY c.item
    )
    -- kind: created, held, replayed, stale or duplicate. lead_id: the lead a duplicate joins, else
    -- the capture's own lead (created or held now, or by the capture it repeats); none when stale.
    SELECT d.item,
           CASE
             WHEN d.decision = 'held' THEN
               CASE WHEN EXISTS (SELECT 1 FROM held h WHERE h.id = d.lead_id) THEN 'held' ELSE 'replayed' END
             WHEN d.decision IS NOT NULL THEN d.decision
             WHEN EXISTS (SELECT 1 FROM written w WHERE w.id = d.lead_id) THEN 'created'
             ELSE 'replayed'
           END,
           CASE d.decision WHEN 'stale' THEN NULL WHEN 'duplicate' THEN d.duplicate_of ELSE d.lead_id END,
           CASE WHEN d.decision IS NULL THEN (SELECT a.user_id FROM assignees a WHERE a.item = d.item) END
    FROM decided d;
  END LOOP;
END
$function$--> statement-breakpoint
-- GET /public/stats/ (modules/public-stats): totals across organisations, counted by a function
-- owned by leadcapture_jobs, which may read only the columns it counts.
GRANT SELECT (status) ON "events" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "events_jobs_scan" ON "events" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
GRANT SELECT (id) ON "organizations" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "organizations_jobs_scan" ON "organizations" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION public_stats()
  RETURNS TABLE (leads bigint, events bigint, organizations bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT
    (SELECT count(*) FROM leads WHERE deleted_at IS NULL),
    (SELECT count(*) FROM events WHERE status NOT IN ('draft', 'cancelled')),
    (SELECT count(*) FROM organizations)
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION public_stats() OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION public_stats() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public_stats() TO leadcapture_app;
