-- hand-written: email-shaped searches (decision 021). A search text with an "@", or a "." inside
-- it, is taken as the start of an email address ("julia.lindgren", "anna@") or of its domain
-- ("acme.com", "@acme.se"), found through these btree prefix indexes instead of the trigram
-- index: a name-like local part ("julia.lindgren") needs every trigram of both words, whose
-- posting lists hold a large share of all leads (decision 017's remaining slow case).
-- text_pattern_ops: LIKE 'prefix%' uses the index whatever the database's collation.
CREATE INDEX "leads_organization_email_prefix_idx" ON "leads" ("organization_id", lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_organization_email_domain_idx" ON "leads" ("organization_id", lower(split_part("email", '@', 2)) text_pattern_ops);--> statement-breakpoint
-- As leads_email_ids (0012): runs as the owner within the organisation of the request's setting,
-- where the indexes apply (under RLS lower() is not leakproof). EXECUTE plans with the pattern
-- itself, so the planner sees its fixed prefix and scans the index range. p_pattern is a LIKE
-- pattern ending in '%', its own % _ \ escaped by the caller.
CREATE OR REPLACE FUNCTION leads_email_prefix_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 50 SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM leads WHERE organization_id = $1 AND lower(email) LIKE $2
     UNION
     SELECT id FROM leads WHERE organization_id = $1 AND lower(split_part(email, ''@'', 2)) LIKE ltrim($2, ''@'')'
    USING nullif(current_setting('app.organization_id', true), '')::uuid, lower(p_pattern);
END
$$;
