import { OutboundError, type OutboundRequest, type OutboundResponse } from '../../outbound/outbound.ts';
import { ProviderError, type ProviderContext } from './provider.ts';

/** What the providers share: one call through the address guard, and reading what came back. */

/** When a provider says 429 without Retry-After, or with one we cannot read. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** A Retry-After further out than this is capped: the push is tried again and may be told again. */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** One request; a transport failure (time-out, refused connection, DNS) is `unavailable`. */
export async function call(ctx: ProviderContext, url: string, init: OutboundRequest): Promise<OutboundResponse> {
  try {
    return await ctx.send(url, { timeoutMs: 10_000, ...init });
  } catch (err) {
    if (err instanceof OutboundError) {
      const what =
        err.reason === 'timeout' ? 'did not answer within 10 seconds' : `could not be reached (${err.reason})`;
      throw new ProviderError('unavailable', `The provider ${what}.`);
    }
    throw err;
  }
}

/** Retry-After in seconds (delta-seconds or an HTTP date), within 1 s and an hour. */
export function retryAfter(response: Pick<OutboundResponse, 'headers'>, now = Date.now()): number {
  const raw = response.headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  let seconds = DEFAULT_RETRY_AFTER_SECONDS;
  if (value !== undefined && /^\d+$/.test(value.trim())) seconds = Number(value.trim());
  else if (value !== undefined && !Number.isNaN(Date.parse(value)))
    seconds = Math.ceil((Date.parse(value) - now) / 1000);
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
}

/** The body as JSON; a body that is not JSON is the provider answering garbage (`unavailable`). */
export function json(response: OutboundResponse): unknown {
  if (response.truncated) throw new ProviderError('unavailable', 'The provider answered more than we read.');
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw new ProviderError(
      'unavailable',
      `The provider answered something that is not JSON (HTTP ${response.status}).`,
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A provider's own words, shortened for storing and showing; never a credential. */
export function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The failure every provider answers the same way: 429 waits, 5xx retries later, and anything
 * else unexpected is `unavailable` with the status. Providers check their own 4xx first.
 */
export function commonFailure(response: OutboundResponse, what: string): ProviderError {
  if (response.status === 429) {
    return new ProviderError('rate_limited', `${what}: too many requests.`, retryAfter(response));
  }
  if (response.status >= 500)
    return new ProviderError('unavailable', `${what}: the provider failed (HTTP ${response.status}).`);
  return new ProviderError('unavailable', `${what}: unexpected answer (HTTP ${response.status}).`);
}
