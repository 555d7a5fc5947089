-- A refresh token remembers the token its rotation issued, for the grace of a lost answer
-- (decision 003).
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" uuid;
