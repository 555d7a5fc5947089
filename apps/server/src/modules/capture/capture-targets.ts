import type { AnswerRule } from '@leadcapture/contracts/answer-rules';
import type { FormField } from '@leadcapture/contracts/form-fields';
import type { EventAssignment } from '@leadcapture/contracts/qualification';
import type { ScoringRules } from '@leadcapture/contracts/lead-scoring';
import type { CapturePage } from './captured-leads.ts';

/** A public event or offer as a capture checks answers against it, with the version it was read at. */
export interface CaptureTarget {
  organizationId: string;
  page: CapturePage;
  formFields: FormField[];
  /** `updated_at` as PostgreSQL prints it: the write's check that the copy is still current. */
  version: string;
  /** The organisation's scoring rules a new lead is scored by, and their version (null: defaults). */
  rules: ScoringRules;
  rulesVersion: string | null;
  /** The page's (event's or offer's) assignment of new captures. Part of the page's version. */
  assignment: EventAssignment | null;
  /** The event's scoring rules over its form answers (offers: none). Part of the page's version. */
  answerRules: AnswerRule[];
}

/**
 * The events and offers captures were recently sent to, per process, by their kind and the id or
 * slug in the URL, with their organisation's scoring rules. A copy never decides alone:
 * `capture_leads` verifies it inside the write and answers `stale` when the page changed, stopped
 * being public or was deleted, or the rules changed, and the caller reloads it. So no invalidation across processes is needed; the
 * time-to-live and the size cap only bound memory.
 */
export function createCaptureTargets(opts: { ttlMs?: number; max?: number } = {}) {
  const ttlMs = opts.ttlMs ?? 60_000;
  const max = opts.max ?? 2_000;
  const entries = new Map<string, { target: CaptureTarget; expiresAt: number }>();
  return {
    get(key: string, now = Date.now()): CaptureTarget | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.target;
    },
    set(key: string, target: CaptureTarget, now = Date.now()): void {
      entries.delete(key);
      // A Map iterates in insertion order: the first key is the oldest.
      if (entries.size >= max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { target, expiresAt: now + ttlMs });
    },
    forget(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}
export type CaptureTargets = ReturnType<typeof createCaptureTargets>;
