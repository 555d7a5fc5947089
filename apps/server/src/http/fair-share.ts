import type { FastifyRequest } from 'fastify';
import type { TenantContext } from '../db/tenant.ts';
import type { AppDeps } from './deps.ts';
import { AppError } from './errors.ts';
import { withTenant } from './tenant.ts';

/**
 * An organisation's fair share of the process for heavy work (exports, imports, searches;
 * docs/leads-scale-and-merge.md): at most `perOrganization` of its heavy requests run at once,
 * the next ones wait in line up to `waitMs`, and past that (or past `queuePerOrganization`
 * waiting) they answer 429 RATE_LIMITED with Retry-After. Waiting holds no database connection,
 * so one organisation's burst leaves the rest of the pool to the others.
 *
 * In-process on purpose, also with Redis: what a slot protects is this process's pool (and its
 * one PGlite connection), so the limit belongs to the process; a shared count would let one busy
 * process refuse work another process has room for.
 */
export interface FairShareOptions {
  /** Heavy requests of one organisation running at once (2 of a pool of 10). */
  perOrganization: number;
  /** Heavy requests of one organisation waiting for a slot; more are refused at once. */
  queuePerOrganization: number;
  /** How long a heavy request waits for a slot before it is refused. */
  waitMs: number;
}

export const FAIR_SHARE_DEFAULTS: FairShareOptions = { perOrganization: 2, queuePerOrganization: 8, waitMs: 2_000 };

/** Frees a slot; calling it again does nothing (a stream may end and close). */
export type Release = () => void;

interface Line {
  running: number;
  waiting: { grant: (release: Release) => void }[];
}

export interface FairShare {
  /** One of the organisation's slots, once free; RATE_LIMITED when none frees in time. */
  acquire(organizationId: string): Promise<Release>;
  /** Heavy requests of the organisation running now (for tests and logs). */
  running(organizationId: string): number;
}

const busy = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'RATE_LIMITED',
    'Your organisation already has as many exports, imports or searches running as it may at once. Please try again in a moment.',
    { retry_after: seconds },
    { 'Retry-After': String(seconds) },
  );
};

export function createFairShare(options: Partial<FairShareOptions> = {}): FairShare {
  const { perOrganization, queuePerOrganization, waitMs } = { ...FAIR_SHARE_DEFAULTS, ...options };
  const lines = new Map<string, Line>();

  const releaser = (organizationId: string, line: Line): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = line.waiting.shift();
      // The slot passes straight to the first in line: a newcomer cannot overtake it.
      if (next) next.grant(releaser(organizationId, line));
      else {
        line.running -= 1;
        if (line.running === 0) lines.delete(organizationId);
      }
    };
  };

  return {
    acquire(organizationId) {
      let line = lines.get(organizationId);
      if (!line) {
        line = { running: 0, waiting: [] };
        lines.set(organizationId, line);
      }
      const own = line;
      if (own.running < perOrganization) {
        own.running += 1;
        return Promise.resolve(releaser(organizationId, own));
      }
      if (own.waiting.length >= queuePerOrganization) return Promise.reject(busy(waitMs));
      return new Promise<Release>((resolve, reject) => {
        const waiter = {
          grant: (release: Release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          own.waiting.splice(own.waiting.indexOf(waiter), 1);
          reject(busy(waitMs));
        }, waitMs);
        own.waiting.push(waiter);
      });
    },
    running(organizationId) {
      return lines.get(organizationId)?.running ?? 0;
    },
  };
}

/** The organisation a request acts on (withTenant's rules), in a transaction of its own. */
export function requestOrganization(deps: AppDeps, request: FastifyRequest, organizationId?: string): Promise<string> {
  return withTenant(deps, request, async (ctx) => ctx.organizationId, organizationId);
}

/**
 * Runs `fn` as withTenant does, within one of the organisation's heavy-work slots. The
 * organisation is found first in a short transaction of its own: a request waiting for a slot
 * must not hold a pooled connection.
 */
export async function withHeavyTenant<T>(
  deps: AppDeps,
  request: FastifyRequest,
  fn: (ctx: TenantContext) => Promise<T>,
  organizationId?: string,
): Promise<T> {
  const organization = await requestOrganization(deps, request, organizationId);
  const release = await deps.fairShare.acquire(organization);
  try {
    return await withTenant(deps, request, fn, organization);
  } finally {
    release();
  }
}
