import { useCallback, useEffect, useState } from 'react';
import { isApiError, retryAfterSeconds as serverRetryAfter } from '../../../lib/api-client.ts';

/** Seconds before another mail may be requested (spec 01 §4, §9: "a cooldown in seconds"). */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * A countdown for "resend" buttons. It keeps the end time rather than counting ticks, so a
 * throttled background tab still ends on time; `remaining` is whole seconds, 0 when ready.
 */
export function useCooldown(): { remaining: number; start: (seconds?: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number = RESEND_COOLDOWN_SECONDS) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { remaining, start };
}

/**
 * The wait of a 429 in seconds (`details.retry_after` of the server's RATE_LIMITED answer), or
 * null for any other failure.
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  // A 429 without a usable wait still deserves the resend cooldown, not an immediate retry.
  return serverRetryAfter(error) ?? RESEND_COOLDOWN_SECONDS;
}
