-- hand-written: short_code_random must exist before the columns that default to it.
-- Short-link codes (docs/short-links.md, decision 020): p_length characters of Crockford's
-- base32 alphabet (no i, l, o, u: nothing to misread when a link is typed from print), each
-- from the first byte of its own gen_random_uuid() (a strong random source; the low five bits
-- of that byte are all random in a version 4 UUID). Volatile: every row gets its own code.
CREATE FUNCTION "short_code_random"(p_length integer) RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
SET search_path = public
AS $$
  SELECT string_agg(
    substr('0123456789abcdefghjkmnpqrstvwxyz', (get_byte(uuid_send(gen_random_uuid()), 0) & 31) + 1, 1), ''
  )
  FROM generate_series(1, p_length)
$$;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "short_code" text DEFAULT 'e' || short_code_random(11) NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "short_code" text DEFAULT 'o' || short_code_random(11) NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_short_code_key" ON "events" USING btree ("short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_short_code_key" ON "offers" USING btree ("short_code");--> statement-breakpoint
ALTER POLICY "events_tenant_read" ON "events" TO public USING (("events"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("events"."id"::text = nullif(current_setting('app.public_lookup', true), '') or "events"."slug" = nullif(current_setting('app.public_lookup', true), '') or "events"."short_code" = nullif(current_setting('app.public_lookup', true), '')));--> statement-breakpoint
ALTER POLICY "offers_tenant_read" ON "offers" TO public USING (("offers"."organization_id" = nullif(current_setting('app.organization_id', true), '')::uuid) or ("offers"."id"::text = nullif(current_setting('app.public_lookup', true), '') or "offers"."slug" = nullif(current_setting('app.public_lookup', true), '') or "offers"."short_code" = nullif(current_setting('app.public_lookup', true), '')));