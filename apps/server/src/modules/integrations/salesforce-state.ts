import type { SealedBox } from '../../secrets/sealed-box.ts';

/**
 * The OAuth `state` of a Salesforce authorization: who asked (organisation and user), for which
 * connected app, and the PKCE verifier, sealed under ENCRYPTION_KEY (AES-GCM: nobody can read
 * or alter it, so it is also the signature) and valid for 10 minutes. Nothing is stored before
 * Salesforce sends the browser back, so an abandoned authorization leaves nothing behind.
 */
export interface SalesforceState {
  organizationId: string;
  userId: string;
  /** The integration being re-authorised, if any. */
  integrationId: string | null;
  clientId: string;
  clientSecret: string;
  externalIdField: string;
  verifier: string;
}

export const STATE_TTL_MS = 10 * 60 * 1000;
const PURPOSE = 'salesforce-oauth';

export function closeState(box: SealedBox, state: SalesforceState, now = Date.now()): string {
  return box.seal(JSON.stringify({ purpose: PURPOSE, expires: now + STATE_TTL_MS, ...state }));
}

/** The state, or null when it was not sealed by us for this purpose, was altered or has expired. */
export function openState(box: SealedBox, sealed: string, now = Date.now()): SalesforceState | null {
  let value: unknown;
  try {
    value = JSON.parse(box.open(sealed));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.purpose !== PURPOSE || typeof v.expires !== 'number' || v.expires < now) return null;
  const text = (key: string) => (typeof v[key] === 'string' ? v[key] : null);
  const organizationId = text('organizationId');
  const userId = text('userId');
  const clientId = text('clientId');
  const clientSecret = text('clientSecret');
  const externalIdField = text('externalIdField');
  const verifier = text('verifier');
  if (!organizationId || !userId || !clientId || !clientSecret || !externalIdField || !verifier) return null;
  return {
    organizationId,
    userId,
    integrationId: text('integrationId'),
    clientId,
    clientSecret,
    externalIdField,
    verifier,
  };
}
