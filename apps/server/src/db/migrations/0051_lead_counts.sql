CREATE TABLE "lead_count_deltas" (
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"event_id" uuid,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"delta" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_count_deltas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_day_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"event_id" uuid,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_day_counts_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","event_id","status","source")
);
--> statement-breakpoint
ALTER TABLE "lead_day_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_count_deltas" ADD CONSTRAINT "lead_count_deltas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_day_counts" ADD CONSTRAINT "lead_day_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_count_deltas_org_idx" ON "lead_count_deltas" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "lead_day_counts_event_idx" ON "lead_day_counts" USING btree ("organization_id","event_id");--> statement-breakpoint
CREATE POLICY "lead_count_deltas_tenant_read" ON "lead_count_deltas" AS PERMISSIVE FOR SELECT TO public USING ("lead_count_deltas"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_count_deltas_tenant_insert" ON "lead_count_deltas" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("lead_count_deltas"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_count_deltas_tenant_update" ON "lead_count_deltas" AS PERMISSIVE FOR UPDATE TO public USING ("lead_count_deltas"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("lead_count_deltas"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_count_deltas_tenant_delete" ON "lead_count_deltas" AS PERMISSIVE FOR DELETE TO public USING ("lead_count_deltas"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_day_counts_tenant_read" ON "lead_day_counts" AS PERMISSIVE FOR SELECT TO public USING ("lead_day_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_day_counts_tenant_insert" ON "lead_day_counts" AS PERMISSIVE FOR INSERT TO public WITH CHECK ("lead_day_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_day_counts_tenant_update" ON "lead_day_counts" AS PERMISSIVE FOR UPDATE TO public USING ("lead_day_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK ("lead_day_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_day_counts_tenant_delete" ON "lead_day_counts" AS PERMISSIVE FOR DELETE TO public USING ("lead_day_counts"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- The leads rollup (decision 029): statement triggers append +1/-1 per lead entering or leaving
-- a count (live: not deleted, not rejected) with the key it is counted under, in the writer's
-- tenant scope (RLS). An organisation's removal cascades to its leads and leaves no deltas.
CREATE FUNCTION lead_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO lead_count_deltas (organization_id, created_at, event_id, status, source, delta)
  SELECT n.organization_id, n.created_at, n.event_id, n.status, n.source, 1 FROM new_leads n
  WHERE n.deleted_at IS NULL AND n.approval_status <> 'rejected';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION lead_counts_updated() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO lead_count_deltas (organization_id, created_at, event_id, status, source, delta)
  SELECT c.organization_id, c.created_at, c.event_id, c.status, c.source, c.delta
  FROM old_leads o JOIN new_leads n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (o.organization_id, o.created_at, o.event_id, o.status, o.source, -1::smallint,
     o.deleted_at IS NULL AND o.approval_status <> 'rejected'),
    (n.organization_id, n.created_at, n.event_id, n.status, n.source, 1::smallint,
     n.deleted_at IS NULL AND n.approval_status <> 'rejected')
  ) AS c(organization_id, created_at, event_id, status, source, delta, live)
  WHERE c.live
    AND ((o.deleted_at IS NULL AND o.approval_status <> 'rejected')
         IS DISTINCT FROM (n.deleted_at IS NULL AND n.approval_status <> 'rejected')
      OR (o.organization_id, o.created_at, o.event_id, o.status, o.source)
         IS DISTINCT FROM (n.organization_id, n.created_at, n.event_id, n.status, n.source));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION lead_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO lead_count_deltas (organization_id, created_at, event_id, status, source, delta)
  SELECT o.organization_id, o.created_at, o.event_id, o.status, o.source, -1 FROM old_leads o
  WHERE o.deleted_at IS NULL AND o.approval_status <> 'rejected'
    AND EXISTS (SELECT 1 FROM organizations WHERE id = o.organization_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_inserted();--> statement-breakpoint
CREATE TRIGGER leads_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_updated();--> statement-breakpoint
CREATE TRIGGER leads_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_deleted();--> statement-breakpoint
-- Organisations with deltas to fold (modules/analytics/lead-counts.ts); the fold itself runs in
-- each organisation's scope under RLS. Owned by leadcapture_jobs, which may read one column.
GRANT SELECT (organization_id) ON "lead_count_deltas" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "lead_count_deltas_jobs_scan" ON "lead_count_deltas" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
CREATE FUNCTION lead_count_delta_organizations() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT organization_id FROM lead_count_deltas
$$;--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION lead_count_delta_organizations() OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION lead_count_delta_organizations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lead_count_delta_organizations() TO leadcapture_app;--> statement-breakpoint
-- The leads there are now, each in its organisation's local day.
INSERT INTO lead_day_counts (organization_id, day, event_id, status, source, leads)
SELECT l.organization_id, (l.created_at AT TIME ZONE coalesce(o.settings->>'timezone', 'UTC'))::date,
       l.event_id, l.status, l.source, count(*)::int
FROM leads l JOIN organizations o ON o.id = l.organization_id
WHERE l.deleted_at IS NULL AND l.approval_status <> 'rejected'
GROUP BY 1, 2, 3, 4, 5;
