-- The lead import looks its addresses up through leads_first_live_ids, which reads them by their
-- own index whatever the statistics say; leads_email_list_ids has no caller left.
DROP FUNCTION "leads_email_list_ids"(jsonb);
