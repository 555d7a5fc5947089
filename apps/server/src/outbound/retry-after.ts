/**
 * A Retry-After header as seconds to wait: delta-seconds or an HTTP date (RFC 9110 §10.2.3), at
 * least 1. `fallback` when it is absent or unreadable.
 */
export function retryAfterSeconds(value: string | string[] | undefined, fallback = 60, now = Date.now()): number {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (/^\d+$/.test(raw)) return Math.max(1, Number.parseInt(raw, 10));
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return fallback;
  return Math.max(1, Math.ceil((at - now) / 1000));
}
