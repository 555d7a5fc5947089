ALTER TABLE "leads" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contacted_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_first_contacted_by_users_id_fk" FOREIGN KEY ("first_contacted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Speed to lead (docs/analytics.md): the first activity a person logs on a lead (a note, call,
-- email or meeting) or their first move of its status away from new sets first_contacted_at and
-- first_contacted_by once, whichever path wrote it (a lead's page, a bulk change, a merge).
CREATE FUNCTION leads_first_contact() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET first_contacted_at = NEW.created_at, first_contacted_by = NEW.user_id
  WHERE id = NEW.lead_id AND first_contacted_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_activities_first_contact AFTER INSERT ON lead_activities FOR EACH ROW
  WHEN (NEW.user_id IS NOT NULL AND (NEW.type IN ('note', 'call', 'email', 'meeting')
        OR (NEW.type = 'status_changed' AND NEW.metadata->>'from' = 'new')))
  EXECUTE FUNCTION leads_first_contact();--> statement-breakpoint
UPDATE leads l SET first_contacted_at = a.created_at, first_contacted_by = a.user_id
FROM (
  SELECT DISTINCT ON (lead_id) lead_id, created_at, user_id FROM lead_activities
  WHERE user_id IS NOT NULL AND (type IN ('note', 'call', 'email', 'meeting')
        OR (type = 'status_changed' AND metadata->>'from' = 'new'))
  ORDER BY lead_id, created_at
) a
WHERE l.id = a.lead_id;
