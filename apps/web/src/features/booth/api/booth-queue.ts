import { LEAD_INTERESTS, type LeadInterest } from '@leadcapture/contracts/constants';
import { HONEYPOT_FIELD } from '@leadcapture/contracts/public-capture';
import { useCallback, useEffect, useState } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import {
  enqueue,
  onQueueChange,
  readQueue,
  SYNC_TAG,
  type CorruptEntry,
  type QueueEntry,
} from '../../../lib/offline-queue.ts';
import { replayQueue, type FollowUpSender } from '../../../lib/sync-replay.ts';

/**
 * The booth screen's side of the offline queue (lib/offline-queue.ts): a lead is kept on the
 * device first, then sent through the event's capture route with its Idempotency-Key (one lead,
 * however often it is sent), then its interest and note are set on the lead with the user's
 * session. docs/offline.md.
 */

export interface BoothLead {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  interest: LeadInterest | '';
  note: string;
}

export const emptyBoothLead: BoothLead = {
  first_name: '',
  last_name: '',
  company: '',
  email: '',
  phone: '',
  interest: '',
  note: '',
};

export const PREFILL_FIELDS = ['first_name', 'last_name', 'company', 'email', 'phone'] as const;

/** ?first_name=&last_name=&company=&email=&phone= (the Scan QR action opens the screen so). */
export function prefillFromQuery(params: URLSearchParams): BoothLead {
  const lead = { ...emptyBoothLead };
  for (const field of PREFILL_FIELDS) lead[field] = (params.get(field) ?? '').slice(0, 200);
  const interest = params.get('interest');
  if (interest !== null && (LEAD_INTERESTS as readonly string[]).includes(interest)) {
    lead.interest = interest as LeadInterest;
  }
  return lead;
}

export function newKey(): string {
  return crypto.randomUUID();
}

/** The capture body and the follow-up of one booth lead. */
export function boothRequest(slug: string, lead: BoothLead, language: string) {
  const body: Record<string, unknown> = {
    first_name: lead.first_name.trim(),
    last_name: lead.last_name.trim(),
    company: lead.company.trim(),
    email: lead.email.trim(),
    ...(lead.phone.trim() !== '' ? { phone: lead.phone.trim() } : {}),
    source: 'booth_visit',
    language: language === 'sv' ? 'sv' : 'en',
    [HONEYPOT_FIELD]: '',
  };
  const followUp: Record<string, unknown> = {
    ...(lead.interest !== '' ? { interest: lead.interest } : {}),
    ...(lead.note.trim() !== '' ? { notes: lead.note.trim() } : {}),
  };
  return {
    url: `/api/v1/public/events/${encodeURIComponent(slug)}/leads/`,
    body,
    then: Object.keys(followUp).length > 0 ? { url: '/leads/{lead_id}/', body: followUp } : undefined,
  };
}

export async function keepBoothLead(slug: string, lead: BoothLead, language: string): Promise<QueueEntry> {
  const request = boothRequest(slug, lead, language);
  const entry = await enqueue({
    action: 'booth',
    scope: slug,
    label: `${lead.first_name} ${lead.last_name}`.trim(),
    data: { ...request, idempotency_key: newKey() },
  });
  void requestSync();
  return entry;
}

interface SyncManagerLike {
  register: (tag: string) => Promise<void>;
}

async function requestSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration: ServiceWorkerRegistration & { sync?: SyncManagerLike } = await navigator.serviceWorker.ready;
    await registration.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync: the screen sends on `online` and every half minute.
  }
}

/** The interest and note, with the user's session (the worker has none). */
export const sendFollowUp: FollowUpSender = async (url, body) => {
  try {
    await api.patch(url, body, { quiet: true });
    return { status: 200, body: null };
  } catch (error) {
    if (isApiError(error) && error.status > 0) {
      return {
        status: error.status,
        body: { error: { code: error.code, message: error.message, details: error.details } },
      };
    }
    throw error;
  }
};

export interface QueueView {
  entries: QueueEntry[];
  corrupt: CorruptEntry[];
  unavailable: boolean;
}

/** The queue as it is now, kept fresh across tabs; sends what is due on start, on `online` and every 30 s. */
export function useBoothQueue(): QueueView & { refresh: () => void; sendNow: () => void } {
  const [view, setView] = useState<QueueView>({ entries: [], corrupt: [], unavailable: false });
  const refresh = useCallback(() => {
    readQueue()
      .then(({ entries, corrupt }) => setView({ entries, corrupt, unavailable: false }))
      .catch(() => setView({ entries: [], corrupt: [], unavailable: true }));
  }, []);
  const sendNow = useCallback(() => {
    void replayQueue({ followUp: sendFollowUp })
      .catch(() => undefined)
      .finally(refresh);
  }, [refresh]);
  useEffect(() => {
    refresh();
    sendNow();
    const stop = onQueueChange(refresh);
    window.addEventListener('online', sendNow);
    const timer = window.setInterval(sendNow, 30_000);
    return () => {
      stop();
      window.removeEventListener('online', sendNow);
      window.clearInterval(timer);
    };
  }, [refresh, sendNow]);
  return { ...view, refresh, sendNow };
}
