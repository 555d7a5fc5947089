import { PLANS } from '@leadcapture/contracts/billing';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EventAssignment } from '@leadcapture/contracts/qualification';
import { queryRows, type Queryable } from '../../db/database.ts';
import { LEASE_SECONDS } from '../../jobs/outbox.ts';
import type { PageKind } from './public-pages.ts';

/** One capture as `capture_leads` takes it (captured-leads.ts `createCapturedLead` builds it). */
export interface CaptureWrite {
  organizationId: string;
  /** The public page it was captured on: an event's capture page or an offer page. */
  pageKind: PageKind;
  pageId: string;
  /** The page's `updated_at` as text, as the copy the answers were checked against was read. */
  pageVersion: string;
  rulesVersion: string | null;
  /** The lead as the API shows it (its keys are the column names). */
  lead: Record<string, unknown>;
  /**
   * The id of the lead's lead.created, which `capture_leads` writes from `lead`, leased to this
   * process for delivery right after the commit (outbox.ts `deliverLeased`).
   */
  messageId: string;
  /** Messages besides the lead's own lead.created, left to the outbox's poller. */
  outbox: { kind: string; payload: Record<string, unknown> }[];
  confirmation: { token_hash: string; expires_at: string } | null;
  /** The address as the duplicate check locks it ('' when there is none). */
  email: string;
  /** The page's automatic assignment (events; null: none), decided in the write (docs/leads-scoring.md). */
  assign: EventAssignment | null;
  /** The points of the event's answer rules the lead's answers match (kept on the lead). */
  answerPoints: number;
}

/**
 * What `capture_leads` decided for a capture: written (`created`), kept past the month's lead
 * limit until an upgrade (`held`), already written by the same Idempotency-Key (`replayed`),
 * decided against a copy of the page or scoring rules that has changed since (`stale`), or its
 * address already has a lead, which it joins (`duplicate`).
 */
export type CaptureWriteOutcome =
  | { kind: 'created'; assignedTo: string | null }
  | { kind: 'held' | 'replayed' | 'stale' }
  | { kind: 'duplicate'; leadId: string };

/** Each plan's monthly lead limit (null: unlimited), as `capture_leads` takes them. */
const LEAD_LIMITS = JSON.stringify(Object.fromEntries(PLANS.map((plan) => [plan.id, plan.limits.leads_per_month])));

/** A row of `capture_leads` (db/functions/capture_leads.sql). */
interface CaptureLeadsRow {
  item: number;
  kind: string;
  lead_id: string | null;
  /** The member a created lead was assigned to (null: none). */
  assigned_to: string | null;
}

function toOutcome(row: CaptureLeadsRow): CaptureWriteOutcome {
  switch (row.kind) {
    case 'created':
      return { kind: 'created', assignedTo: row.assigned_to };
    case 'held':
    case 'replayed':
    case 'stale':
      return { kind: row.kind };
    case 'duplicate':
      if (row.lead_id === null) break;
      return { kind: 'duplicate', leadId: row.lead_id };
  }
  throw new Error(`capture_leads answered ${row.kind} (${row.lead_id ?? 'no lead'}) for capture ${row.item}`);
}

export interface CaptureWrites {
  write(capture: CaptureWrite): Promise<CaptureWriteOutcome>;
}

/**
 * At most this many capture statements at once: the rest of the pool stays free for everything
 * else (a burst of captures must not starve the dashboard), and waiting captures join the next
 * batch instead of each taking a connection (docs/decisions/023-capture-batches.md). Two wrote
 * the most captures a second in the capture benchmark (interleaved runs: 1, 2 and 4): fewer,
 * larger batches cost PostgreSQL less per capture, and one alone leaves it idle between them.
 */
const MAX_IN_FLIGHT = 2;
/** Captures in one statement: a transaction of a few milliseconds even at the largest. */
const MAX_BATCH = 64;
/**
 * While a statement is out, another starts only with at least this many captures; fewer wait
 * for the one out to return (a few milliseconds in a rush) and then go at once, with whatever
 * joined them. A statement costs PostgreSQL about 0.8 ms of CPU whatever it carries (its
 * executor, lookups and commit) and each capture about 0.14 ms more, so a second statement of
 * two or three captures, which the free slot took as soon as anything waited, cost more than
 * their leads: in the capture benchmark the statements averaged 15 captures, and 22 with this
 * rule, for about a tenth less CPU per capture (decision 023, "Company for a second statement"). A
 * capture that finds nothing out never waits: a booth's lone visitor is written at once.
 */
const SECOND_STATEMENT_MIN = 16;

interface Waiting {
  capture: CaptureWrite;
  resolve: (outcome: CaptureWriteOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Captures in one statement, one transaction: `capture_leads` (db/functions/capture_leads.sql), which decides
 * each in the order given and writes them as sets. Answers one outcome per capture, in order.
 */
async function writeBatch(db: Queryable, captures: CaptureWrite[]): Promise<CaptureWriteOutcome[]> {
  const items = captures.map((capture) => ({
    organization_id: capture.organizationId,
    page_kind: capture.pageKind,
    page_id: capture.pageId,
    page_version: capture.pageVersion,
    rules_version: capture.rulesVersion,
    lead: capture.lead,
    message_id: capture.messageId,
    outbox: capture.outbox,
    confirmation: capture.confirmation,
    assign: capture.assign,
    answer_points: capture.answerPoints,
  }));
  const rows = await queryRows<CaptureLeadsRow>(
    db,
    sql`select item, kind, lead_id, assigned_to
        from capture_leads(${JSON.stringify(items)}::jsonb, ${LEASE_SECONDS}::integer, ${LEAD_LIMITS}::jsonb)`,
  );
  const byItem = new Map(rows.map((row) => [row.item, toOutcome(row)]));
  return captures.map((_, item) => {
    const outcome = byItem.get(item);
    if (outcome === undefined) throw new Error(`capture_leads answered nothing for capture ${item}`);
    return outcome;
  });
}

/** The duplicate check's lock order (capture_leads locks organisation ':' lower(address)). */
const lockKey = (capture: CaptureWrite) => `${capture.organizationId}:${capture.email.toLowerCase()}`;

/**
 * Captures written in batches (decision 023): the captures that reached this point in one turn
 * of the event loop are written together as soon as the turn ends, if nothing is out; while a
 * statement is out, a second one takes them once SECOND_STATEMENT_MIN wait, and while
 * MAX_IN_FLIGHT statements are out, the captures that arrive wait and go together in the next
 * one, one transaction and one commit for all of them. At a booth that is one capture at a time,
 * written at once; in a rush (a talk's last slide with the QR code) the commit and the round
 * trip, most of a capture's cost, are shared.
 *
 * A batch is sorted by organisation and address, so that concurrent batches take the duplicate
 * check's locks in one order. If its statement fails for any reason, nothing of it was written
 * (one transaction) and each capture is written again alone: one bad capture, or a deadlock with
 * a lead created by hand, fails no other.
 */
export function createCaptureWrites(db: Queryable, log?: Pick<FastifyBaseLogger, 'warn'>): CaptureWrites {
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let pumpScheduled = false;

  async function run(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      batch.sort((a, b) => (lockKey(a.capture) < lockKey(b.capture) ? -1 : 1));
      try {
        const outcomes = await writeBatch(
          db,
          batch.map((w) => w.capture),
        );
        // writeBatch answers one outcome per capture, in the batch's order.
        outcomes.forEach((outcome, i) => batch[i]?.resolve(outcome));
        return;
      } catch (error) {
        // Written again one by one below; a capture that fails alone reports its own error.
        log?.warn({ err: error, captures: batch.length }, 'capture batch failed; writing its captures one by one');
      }
    }
    for (const w of batch) {
      try {
        const [outcome] = await writeBatch(db, [w.capture]);
        if (outcome === undefined) throw new Error('capture_leads answered nothing');
        w.resolve(outcome);
      } catch (error) {
        w.reject(error);
      }
    }
  }

  function pump(): void {
    pumpScheduled = false;
    while (inFlight < MAX_IN_FLIGHT && waiting.length > 0) {
      // Too few to be worth a statement of their own while one is out: they go when it returns.
      if (inFlight > 0 && waiting.length < SECOND_STATEMENT_MIN) return;
      const batch = waiting.splice(0, MAX_BATCH);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        schedulePump();
      });
    }
  }

  /**
   * Pumps once the event loop has handled the input it has now (setImmediate: no timer, no
   * waiting for more). Captures whose requests arrived together are then written together; at
   * once, each took a free connection alone and three in four statements of a rush wrote one
   * capture (measured in the capture benchmark).
   */
  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(pump);
  }

  return {
    write(capture) {
      return new Promise<CaptureWriteOutcome>((resolve, reject) => {
        waiting.push({ capture, resolve, reject });
        schedulePump();
      });
    },
  };
}
