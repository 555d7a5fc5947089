CREATE TABLE "held_leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"capture" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_leads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "held_noticed_month" text;--> statement-breakpoint
ALTER TABLE "held_leads" ADD CONSTRAINT "held_leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_leads_organization_created_idx" ON "held_leads" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE POLICY "held_leads_tenant_read" ON "held_leads" AS PERMISSIVE FOR SELECT TO public USING ("held_leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "held_leads_tenant_insert" ON "held_leads" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("held_leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "held_leads_tenant_update" ON "held_leads" AS PERMISSIVE FOR UPDATE TO public USING ("held_leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("held_leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "held_leads_tenant_delete" ON "held_leads" AS PERMISSIVE FOR DELETE TO public USING ("held_leads"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- capture_leads holds the captures past the month's lead limit in held_leads (docs/billing.md
-- "Held leads"); the plans' limits come as p_lead_limits. A new signature needs DROP and CREATE;
-- the current text is in db/functions/capture_leads.sql.
DROP FUNCTION "capture_leads"(jsonb, integer);
--> statement-breakpoint
CREATE FUNCTION public.capture_leads(p_items jsonb, p_lease_seconds integer, p_lead_limits jsonb)
 RETURNS TABLE(item integer, kind text, lead_id uuid)
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
        company_size, source, status, score, auto_score, manual_score, activity_count, budget_range,
        decision_timeline, decision_role, interested_products, tags, notes, custom_fields,
        approval_status, consent_text, consent_given_at, attribution, created_at, updated_at
      )
      SELECT
        r.id, v_organization_id,
        CASE d.page_kind WHEN 'event' THEN d.page_id END, CASE d.page_kind WHEN 'offer' THEN d.page_id END,
        r.first_name, r.last_name, r.email, r.phone, r.company, r.job_title,
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
           CASE d.decision WHEN 'stale' THEN NULL WHEN 'duplicate' THEN d.duplicate_of ELSE d.lead_id END
    FROM decided d;
  END LOOP;
END
$function$
