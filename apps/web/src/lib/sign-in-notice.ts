/**
 * A message for the sign-in page from the page that sent the user there. The sign-in page is a
 * document of its own (docs/decisions/022-sign-in-page.md), so a toast raised just before going
 * there would die with the old page: the message waits in sessionStorage instead, is shown once,
 * and is gone on the next visit.
 */

export const SIGN_IN_NOTICES = ['password_reset'] as const;
export type SignInNotice = (typeof SIGN_IN_NOTICES)[number];

const KEY = 'sign_in_notice';

export function leaveSignInNotice(notice: SignInNotice): void {
  try {
    window.sessionStorage.setItem(KEY, notice);
  } catch {
    // Storage blocked: the sign-in page simply shows no message.
  }
}

/** The waiting message, if any; reading it removes it. */
export function takeSignInNotice(): SignInNotice | null {
  try {
    const value = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return SIGN_IN_NOTICES.find((notice) => notice === value) ?? null;
  } catch {
    return null;
  }
}
