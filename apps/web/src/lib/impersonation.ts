/**
 * The impersonation a staff member started from the staff console (docs/staff.md): its access
 * token and end, kept in this tab's sessionStorage only (another tab, or the tab closed, is not
 * impersonating). While it is set, the API client sends it instead of the user's own session and
 * never refreshes it (an impersonation has no refresh); every page shows the banner.
 */
const KEY = 'leadcapture:impersonation';

export type Impersonation = { access: string; expiresAt: string };

export function getImpersonation(now = Date.now()): Impersonation | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<Impersonation>;
    if (typeof value.access !== 'string' || typeof value.expiresAt !== 'string') return null;
    if (new Date(value.expiresAt).getTime() <= now) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return { access: value.access, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

export function startImpersonation(value: Impersonation): void {
  sessionStorage.setItem(KEY, JSON.stringify(value));
}

export function endImpersonation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
