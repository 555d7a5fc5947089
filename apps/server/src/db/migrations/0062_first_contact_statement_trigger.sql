-- Speed to lead (migration 0046) set once per statement instead of once per activity row: the
-- row trigger ran one UPDATE of leads per inserted activity (a bulk status change of 1,000 leads
-- ran 1,000 of them, each firing the leads rollup's statement trigger). Same rule: a lead's
-- first activity by a person (note, call, email, meeting, or a move of its status away from
-- new) sets first_contacted_at and first_contacted_by, once.
DROP TRIGGER lead_activities_first_contact ON lead_activities;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_first_contact() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads l SET first_contacted_at = f.created_at, first_contacted_by = f.user_id
  FROM (
    SELECT DISTINCT ON (a.lead_id) a.lead_id, a.created_at, a.user_id FROM new_activities a
    WHERE a.user_id IS NOT NULL AND (a.type IN ('note', 'call', 'email', 'meeting')
          OR (a.type = 'status_changed' AND a.metadata->>'from' = 'new'))
    ORDER BY a.lead_id, a.created_at
  ) f
  WHERE l.id = f.lead_id AND l.first_contacted_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_activities_first_contact AFTER INSERT ON lead_activities
  REFERENCING NEW TABLE AS new_activities FOR EACH STATEMENT EXECUTE FUNCTION leads_first_contact();
