/**
 * The client pre-check of spec 02 §5: a create the cached usage already puts past its limit is
 * not sent. The spec names POSTs whose path contains /events/, /leads/ or /forms/; the pre-check
 * blocks only the creates the server counts (docs/billing.md "Limits"), so it never refuses what
 * the server would accept:
 * - `POST /leads/` (a new lead; notes, bulk changes, exports and imports are not counted);
 * - `POST /events/` when the event starts active (a draft does not count, and a template's own
 *   start setting is the server's to read, so such a create is sent);
 * - nothing under /forms/: no plan limits forms.
 */

/** A usage row as `GET /billing/subscriptions/usage/` answers it (`limit` null: unlimited). */
export type CachedUsage = { resource: string; current_usage: number; limit: number | null };

export const PRECHECKED_RESOURCES = ['events', 'leads'] as const;
export type PrecheckedResource = (typeof PRECHECKED_RESOURCES)[number];

export type UsageBlock = { resource: PrecheckedResource; currentUsage: number; limit: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathOnly(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const withLead = bare.startsWith('/') ? bare : `/${bare}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

/** An event create that starts active: asked for, or left to the default settings. */
function startsActive(body: unknown): boolean {
  if (!isRecord(body)) return true;
  if (body.status !== undefined) return body.status === 'active';
  if (typeof body.template_id === 'string' && body.template_id !== '') return false;
  return !(isRecord(body.settings) && body.settings.start_active === false);
}

/** The limited resource this request would create one more of, or null. */
export function countedCreate(method: string, path: string, body: unknown): PrecheckedResource | null {
  if (method !== 'POST') return null;
  const normalised = pathOnly(path);
  if (normalised === '/leads/') return 'leads';
  if (normalised === '/events/') return startsActive(body) ? 'events' : null;
  return null;
}

/**
 * The limit this request would pass according to `usage`, or null: also when usage is unknown
 * (no cache) or has no row or no limit for the resource. The server's 402 still decides then.
 */
export function usageBlock(
  method: string,
  path: string,
  body: unknown,
  usage: readonly CachedUsage[] | null,
): UsageBlock | null {
  const resource = countedCreate(method, path, body);
  if (resource === null || usage === null) return null;
  const row = usage.find((r) => r.resource === resource);
  if (row === undefined || row.limit === null || row.current_usage < row.limit) return null;
  return { resource, currentUsage: row.current_usage, limit: row.limit };
}
