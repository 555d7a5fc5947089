-- hand-written after the generated columns: a visitor's attachment is claimed by the capture
-- that names it (claimed_for: the id of the lead it writes) before the lead is written, and
-- attachments no lead took are removed after a day by a scheduled task.
ALTER TABLE "files" ADD COLUMN "claimed_for" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "files" SET "claimed_for" = "lead_id", "claimed_at" = "updated_at" WHERE "lead_id" IS NOT NULL;--> statement-breakpoint
GRANT SELECT (organization_id, purpose, lead_id, created_at) ON "files" TO leadcapture_jobs;--> statement-breakpoint
CREATE POLICY "files_jobs_scan" ON "files" AS PERMISSIVE FOR SELECT TO leadcapture_jobs USING (true);--> statement-breakpoint
-- Organisations with visitors' attachments no lead took, older than the given hours.
CREATE FUNCTION lead_attachment_unclaimed_organizations(age_hours integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT organization_id FROM files
  WHERE purpose = 'lead_attachment' AND lead_id IS NULL
    AND created_at < now() - make_interval(hours => age_hours)
$$;--> statement-breakpoint
-- A non-superuser may hand a function to a role only when that role may create in the schema;
-- the right is taken back at once.
GRANT CREATE ON SCHEMA public TO leadcapture_jobs;--> statement-breakpoint
ALTER FUNCTION lead_attachment_unclaimed_organizations(integer) OWNER TO leadcapture_jobs;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM leadcapture_jobs;--> statement-breakpoint
REVOKE ALL ON FUNCTION lead_attachment_unclaimed_organizations(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lead_attachment_unclaimed_organizations(integer) TO leadcapture_app;
--> statement-breakpoint
-- A refresh token remembers the token its rotation issued, for the grace of a lost answer
-- (decision 003).
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" uuid;
