/** Idempotent hardening run after every migration; drizzle-kit cannot express these. */
export const BOOTSTRAP_SQL = `
-- 1. The application role: no superuser, no BYPASSRLS, so row-level security always applies.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leadcapture_app') THEN
    CREATE ROLE leadcapture_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'leadcapture_app', 'MEMBER') THEN
    EXECUTE format('GRANT leadcapture_app TO %I', current_user);
  END IF;
END $$;
GRANT USAGE ON SCHEMA public TO leadcapture_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO leadcapture_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO leadcapture_app;
-- 2. Every table with row-level security also forces it, so even the owner is bound by it.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity AND NOT c.relforcerowsecurity
  LOOP
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', r.relname);
  END LOOP;
END $$;
`;
