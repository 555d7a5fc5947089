-- Short-link codes (docs/short-links.md, decision 020): p_length characters of Crockford's base32
-- alphabet (no i, l, o, u), each from the first byte of its own gen_random_uuid(). Volatile: every
-- row gets its own code (db/columns.ts).

CREATE OR REPLACE FUNCTION public.short_code_random(p_length integer)
 RETURNS text
 LANGUAGE sql
 PARALLEL SAFE
 SET search_path TO 'public'
AS $function$
  SELECT string_agg(
    substr('0123456789abcdefghjkmnpqrstvwxyz', (get_byte(uuid_send(gen_random_uuid()), 0) & 31) + 1, 1), ''
  )
  FROM generate_series(1, p_length)
$function$
