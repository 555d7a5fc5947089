import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EventManualStatus } from '@leadcapture/contracts/constants';
import type { OfferStatus } from '@leadcapture/contracts/offers';
import type { FormField } from '@leadcapture/contracts/form-fields';
import type { CaptureRequest } from '@leadcapture/contracts/public-capture';
import { queryRows } from '../src/db/database.ts';
import { inScope } from '../src/db/tenant.ts';
import { events, type EventSettings } from '../src/modules/events/events.table.ts';
import { leads } from '../src/modules/leads/leads.table.ts';
import { offers } from '../src/modules/offers/offers.table.ts';
import { uniqueAddress, type TestApp } from './helpers.ts';

/** Fixtures of the capture and leads tests: events written straight to the table, captures sent through HTTP. */

export const CAPTURE_SETTINGS: EventSettings = {
  start_active: true,
  email_verification: false,
  analytics_tracking: true,
  require_approval: false,
  quick_actions: true,
};

export interface EventFixture {
  id: string;
  slug: string;
  organizationId: string;
}

export async function createEvent(
  t: TestApp,
  organizationId: string,
  overrides: {
    status?: EventManualStatus;
    settings?: Partial<EventSettings>;
    formFields?: FormField[];
    consentText?: string;
    name?: string;
    startDate?: Date | null;
    endDate?: Date | null;
  } = {},
): Promise<EventFixture> {
  const slug = `expo-${randomUUID().slice(0, 13)}`;
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(events)
      .values({
        organizationId,
        name: overrides.name ?? 'Nordic Expo',
        slug,
        status: overrides.status ?? 'active',
        settings: { ...CAPTURE_SETTINGS, ...overrides.settings },
        formFields: overrides.formFields ?? [],
        consentText: overrides.consentText ?? '',
        startDate: overrides.startDate ?? null,
        endDate: overrides.endDate ?? null,
      })
      .returning({ id: events.id }),
  );
  if (!row) throw new Error('event insert returned no row');
  return { id: row.id, slug, organizationId };
}

export function visitor(overrides: Partial<CaptureRequest> = {}): CaptureRequest {
  return {
    first_name: 'Greta',
    last_name: 'Berg',
    email: `greta.${randomUUID().slice(0, 8)}@example.com`,
    company: 'Fjord AB',
    ...overrides,
  };
}

/** POSTs a capture from its own address (the per-address throttle stays out of the way). */
export function postCapture(
  t: TestApp,
  idOrSlug: string,
  payload: unknown,
  opts: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${idOrSlug}/leads/`,
    remoteAddress: opts.remoteAddress ?? uniqueAddress(),
    ...(opts.headers ? { headers: opts.headers } : {}),
    payload: payload as Record<string, unknown>,
  });
}

/** The organisation's leads as stored, oldest first (read as that tenant). */
export function storedLeads(t: TestApp, organizationId: string) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.select().from(leads).where(eq(leads.organizationId, organizationId)).orderBy(leads.createdAt),
  );
}

/** The event's live leads, as its figures count them (event-figures.ts). */
export async function leadsCaptured(t: TestApp, event: EventFixture): Promise<number> {
  const [row] = await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.eventId, event.id), isNull(leads.deletedAt))),
  );
  return row?.n ?? -1;
}

/** Outbox rows of a kind for an organisation (delivered or not; the outbox has no RLS). */
export function outboxRows(t: TestApp, organizationId: string, kind: string) {
  return queryRows<{ id: string; payload: Record<string, unknown>; delivered_at: string | null; attempts: number }>(
    t.database.db,
    sql`select id, payload, delivered_at, attempts from outbox where organization_id = ${organizationId} and kind = ${kind} order by created_at`,
  );
}

export interface OfferFixture {
  id: string;
  slug: string;
  shortCode: string;
  organizationId: string;
}

/** An offer written straight to the table: published and active unless told otherwise. */
export async function createPublicOffer(
  t: TestApp,
  organizationId: string,
  overrides: {
    status?: OfferStatus;
    isPublished?: boolean;
    formFields?: FormField[];
    consentText?: string;
    requireApproval?: boolean;
    title?: string;
  } = {},
): Promise<OfferFixture> {
  const slug = `deal-${randomUUID().slice(0, 13)}`;
  const status = overrides.status ?? 'active';
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(offers)
      .values({
        organizationId,
        title: overrides.title ?? 'Spring deal',
        slug,
        status,
        isPublished: overrides.isPublished ?? status === 'active',
        settings: { require_approval: overrides.requireApproval ?? false },
        formFields: overrides.formFields ?? [],
        consentText: overrides.consentText ?? '',
      })
      .returning({ id: offers.id, shortCode: offers.shortCode }),
  );
  if (!row) throw new Error('offer insert returned no row');
  return { id: row.id, slug, shortCode: row.shortCode, organizationId };
}

/** POSTs an offer submission from its own address (the per-address throttle stays out of the way). */
export function postOfferSubmission(
  t: TestApp,
  idOrSlug: string,
  payload: unknown,
  opts: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/public/offers/${idOrSlug}/submit/`,
    remoteAddress: opts.remoteAddress ?? uniqueAddress(),
    ...(opts.headers ? { headers: opts.headers } : {}),
    payload: payload as Record<string, unknown>,
  });
}
