import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LEAD_SOURCES } from '@leadcapture/contracts/constants';
import { submissionValueSchema } from '@leadcapture/contracts/leads';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import { files } from '../files/files.table.ts';
import { LEAD_CREATED, loadScoringRules } from '../leads/leads.service.ts';
import { heldLeads, leadActivities, leadEmailConfirmations } from '../leads/leads.table.ts';
import { notifyReleasedLeads, RELEASED } from '../notifications/notifications.service.ts';
import {
  assignNewLeads,
  pageQualifications,
  qualifyCapture,
  type AutomaticAssignee,
} from '../qualification/qualification.service.ts';

/**
 * Held leads (03-decisions §4, docs/billing.md "Held leads"): a visitor's capture past the
 * month's lead limit is kept whole in `held_leads` by `capture_leads`, and the visitor sees the
 * normal thank-you. It is in no list, count, export, notification, webhook or integration until
 * an upgrade releases it: then it becomes a lead under its own id and capture time, and only
 * then are its lead.created, its further messages and its double opt-in written.
 */

type Scope = Pick<TenantContext, 'tx' | 'organizationId'>;

/** The start of the calendar month (UTC) of `now`: monthly lead limits count from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** What `capture_leads` kept of a held capture (db/functions/capture_leads.sql, its items). */
interface HeldCapture {
  page_kind: 'event' | 'offer';
  page_id: string;
  lead: Record<string, unknown> & { created_at: string };
  outbox: { kind: string; payload: Record<string, unknown> }[];
  confirmation: { token_hash: string; expires_at: string } | null;
}

/** The columns of `leads` a capture writes, as `capture_leads` writes them. */
const LEAD_COLUMNS = sql.raw(`id, organization_id, event_id, offer_id, first_name, last_name, email, phone, company,
  job_title, company_size, source, status, interest, score, auto_score, manual_score, activity_count, answer_points,
  budget_range, decision_timeline, decision_role, interested_products, tags, assigned_to, notes, custom_fields,
  approval_status, consent_text, consent_given_at, attribution, created_at, updated_at`);

/** What qualifying a held capture reads of its lead (the API's lead, as the capture wrote it). */
const releasedLead = z.object({
  source: z.enum(LEAD_SOURCES),
  custom_fields: z.record(z.string(), submissionValueSchema),
});

/**
 * Held leads captured since the start of this calendar month (UTC), of one page when given: the
 * leads lists' `held_count`.
 */
export async function heldThisMonth(
  { tx, organizationId }: Scope,
  now = new Date(),
  page?: { kind: 'event' | 'offer'; id: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(heldLeads)
    .where(
      and(
        eq(heldLeads.organizationId, organizationId),
        gte(heldLeads.createdAt, monthStart(now)),
        page
          ? sql`${heldLeads.capture}->>'page_kind' = ${page.kind} and ${heldLeads.capture}->>'page_id' = ${page.id}`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Every held lead of the organisation, whatever its month (billing stats). */
export async function heldTotal({ tx, organizationId }: Scope): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(heldLeads).where(eq(heldLeads.organizationId, organizationId));
  return row?.n ?? 0;
}

/** Whether this id is a held lead's (an Idempotency-Key's repeat of a held capture), and its approval. */
export async function heldApproval({ tx, organizationId }: Scope, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ approval: sql<string>`${heldLeads.capture}->'lead'->>'approval_status'` })
    .from(heldLeads)
    .where(and(eq(heldLeads.id, id), eq(heldLeads.organizationId, organizationId)));
  return row?.approval ?? null;
}

/**
 * Releases held leads into `leads` (the caller holds the subscription row's lock and has just
 * raised the plan, or a new period began): those of earlier months all (their month is over),
 * and of this month as many as `room` allows (null: all), oldest first; the rest stay held.
 * Each released lead is qualified as a fresh capture is, by its page's current settings
 * (docs/leads-scoring.md): scored with the organisation's rules and the page's answer rules
 * (`qualifyCapture`), and assigned by the page's assignment (`assignNewLeads`: the same pool and
 * turn counter as `capture_leads`), its timeline saying so. It gets its lead.created (marked
 * released) and further messages in the outbox, its double opt-in (valid as long from now as it
 * was from its capture), and the attachments its capture claimed; the people who hear of new
 * leads get one notice per page for the whole release (`notifyReleasedLeads`), not one per lead.
 * Answers how many were released and how many are still held.
 */
export async function releaseHeldLeads(
  scope: Scope,
  room: number | null,
  now = new Date(),
): Promise<{ released: number; held: number }> {
  const { tx, organizationId } = scope;
  const rows = await tx
    .select()
    .from(heldLeads)
    .where(eq(heldLeads.organizationId, organizationId))
    .orderBy(asc(heldLeads.createdAt), asc(heldLeads.id))
    .for('update');
  const start = monthStart(now);
  let thisMonth = 0;
  const released = rows.filter((row) => {
    if (row.createdAt < start) return true;
    thisMonth += 1;
    return room === null || thisMonth <= room;
  });
  if (released.length === 0) return { released: 0, held: rows.length };
  const ids = released.map((row) => row.id);
  const captures = released.map((row) => ({ row, capture: row.capture as unknown as HeldCapture }));

  // Qualified now, as a capture arriving now would be: the page's settings and rules as they are.
  const pageKey = (c: HeldCapture) => `${c.page_kind}:${c.page_id}`;
  const pages = await pageQualifications(
    scope,
    captures.map(({ capture }) => ({ kind: capture.page_kind, id: capture.page_id })),
  );
  const { rules } = await loadScoringRules(tx, organizationId);
  const assignees = new Map<string, AutomaticAssignee | null>();
  for (const [key, page] of pages) {
    const ofPage = captures.filter(({ capture }) => pageKey(capture) === key);
    const given = await assignNewLeads(scope, page.id, page.assignment, ofPage.length);
    ofPage.forEach(({ row }, k) => assignees.set(row.id, given[k] ?? null));
  }
  const qualified = captures.map(({ row, capture }) => {
    const page = pages.get(pageKey(capture));
    const lead = releasedLead.parse(capture.lead);
    const q = qualifyCapture({ source: lead.source, customFields: lead.custom_fields }, page?.answerRules ?? [], rules);
    const assignee = assignees.get(row.id) ?? null;
    // The lead as the API shows it (lead.created carries it) and the columns only storage has.
    const shown = {
      ...capture.lead,
      // A page deleted since the capture: the lead keeps no link to it.
      event: page?.kind === 'event' ? page.id : null,
      offer: page?.kind === 'offer' ? page.id : null,
      interest: q.interest,
      score: q.score,
      auto_score: q.score,
      manual_score: null,
      assigned_to: assignee?.id ?? null,
    };
    return { row, capture, shown, answerPoints: q.answerPoints, assignee };
  });
  await queryRows(
    tx,
    sql`insert into leads (${LEAD_COLUMNS})
        select r.id, ${organizationId}::uuid, (q.value->>'event')::uuid, (q.value->>'offer')::uuid, r.first_name,
          r.last_name, r.email, r.phone, r.company, r.job_title, r.company_size, r.source, r.status, r.interest, r.score,
          r.auto_score, r.manual_score, 0, (q.value->>'answer_points')::integer, r.budget_range, r.decision_timeline,
          r.decision_role, r.interested_products, r.tags, r.assigned_to, r.notes, r.custom_fields, r.approval_status,
          r.consent_text, r.consent_given_at, r.attribution, r.created_at, r.updated_at
        from jsonb_array_elements(${JSON.stringify(
          qualified.map((q) => ({ ...q.shown, answer_points: q.answerPoints })),
        )}::jsonb) with ordinality as q(value, n), jsonb_populate_record(null::leads, q.value) as r
        order by q.n
        on conflict (id) do nothing`,
  );
  // An automatically assigned lead's timeline says so, as a fresh capture's does (by nobody).
  const assigned = qualified.flatMap(({ row, assignee }) =>
    assignee
      ? [
          {
            organizationId,
            leadId: row.id,
            userId: null,
            type: 'assigned' as const,
            metadata: { from: null, to: assignee.id, to_name: assignee.name, automatic: true },
          },
        ]
      : [],
  );
  if (assigned.length > 0) await tx.insert(leadActivities).values(assigned);
  const messages: { kind: string; payload: Record<string, unknown> }[] = [];
  const confirmations: (typeof leadEmailConfirmations.$inferInsert)[] = [];
  for (const { row, capture, shown } of qualified) {
    messages.push({ kind: LEAD_CREATED, payload: { data: shown, [RELEASED]: true } }, ...capture.outbox);
    if (capture.confirmation) {
      const validFor = new Date(capture.confirmation.expires_at).getTime() - row.createdAt.getTime();
      confirmations.push({
        organizationId,
        leadId: row.id,
        tokenHash: capture.confirmation.token_hash,
        expiresAt: new Date(now.getTime() + validFor),
      });
    }
  }
  await tx
    .insert(outbox)
    .values(messages.map((message) => ({ kind: message.kind, payload: message.payload, organizationId })));
  if (confirmations.length > 0) await tx.insert(leadEmailConfirmations).values(confirmations);
  await tx
    .update(files)
    .set({ leadId: sql`${files.claimedFor}`, updatedAt: now })
    .where(
      and(
        eq(files.organizationId, organizationId),
        eq(files.purpose, 'lead_attachment'),
        inArray(files.claimedFor, ids),
        sql`${files.leadId} is null`,
      ),
    );
  await tx.delete(heldLeads).where(and(eq(heldLeads.organizationId, organizationId), inArray(heldLeads.id, ids)));
  await notifyReleasedLeads(
    tx,
    organizationId,
    randomUUID(),
    qualified.map(({ row, shown }) => ({
      id: row.id,
      interest: shown.interest,
      score: shown.score,
      assigned_to: shown.assigned_to,
      event: shown.event,
      offer: shown.offer,
    })),
  );
  return { released: released.length, held: rows.length - released.length };
}
