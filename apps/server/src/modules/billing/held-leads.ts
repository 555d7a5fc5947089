import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import { files } from '../files/files.table.ts';
import { LEAD_CREATED } from '../leads/leads.service.ts';
import { heldLeads, leadEmailConfirmations } from '../leads/leads.table.ts';

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
  budget_range, decision_timeline, decision_role, interested_products, tags, notes, custom_fields, approval_status,
  consent_text, consent_given_at, attribution, created_at, updated_at`);

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
 * raised the plan): those of earlier months all (their month is over), and of this month as many
 * as `room` allows (null: all), oldest first; the rest stay held. Each released lead gets its
 * lead.created and further messages in the outbox, its double opt-in (valid as long from now as
 * it was from its capture), and the attachments its capture claimed. Answers how many were
 * released and how many are still held.
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
  await queryRows(
    tx,
    sql`insert into leads (${LEAD_COLUMNS})
        select r.id, ${organizationId}::uuid,
          case h.capture->>'page_kind' when 'event' then (h.capture->>'page_id')::uuid end,
          case h.capture->>'page_kind' when 'offer' then (h.capture->>'page_id')::uuid end, r.first_name, r.last_name, r.email, r.phone,
          r.company, r.job_title, r.company_size, r.source, r.status, r.interest, r.score, r.auto_score, r.manual_score, 0,
          -- The event's answer rules' points, as the capture computed them (docs/leads-scoring.md).
          coalesce((h.capture->>'answer_points')::integer, 0), r.budget_range, r.decision_timeline, r.decision_role, r.interested_products, r.tags, r.notes,
          r.custom_fields, r.approval_status, r.consent_text, r.consent_given_at, r.attribution, r.created_at,
          r.updated_at
        from ${heldLeads} h, jsonb_populate_record(null::leads, h.capture->'lead') as r
        where h.organization_id = ${organizationId} and h.id in ${ids}
        order by h.created_at, h.id
        on conflict (id) do nothing`,
  );
  const messages: { kind: string; payload: Record<string, unknown> }[] = [];
  const confirmations: (typeof leadEmailConfirmations.$inferInsert)[] = [];
  for (const row of released) {
    const capture = row.capture as unknown as HeldCapture;
    messages.push({ kind: LEAD_CREATED, payload: { data: capture.lead } }, ...capture.outbox);
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
  return { released: released.length, held: rows.length - released.length };
}
