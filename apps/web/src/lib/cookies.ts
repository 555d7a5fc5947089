/**
 * Tiny cookie helpers. Every cookie the app writes is `path=/` and `SameSite=Lax` (spec 01 §9), and
 * `Secure` whenever the page itself is on https: a plain-http development server could not set
 * a Secure cookie at all, and on https the flag keeps tokens off any downgraded request.
 */

export type CookieOptions = {
  /** Seconds until the browser drops the cookie. */
  maxAge: number;
};

function secureFlag(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/** `document.cookie` as read in this run of code; dropped when it ends and on every write. */
let cookies: string | undefined;

/**
 * `document.cookie`, read once per run of code: each read is a synchronous request to the
 * browser's cookie store (0.5-1 ms each in Chromium on a busy phone-like machine, 19 of them while
 * the Lobby first loaded), and one render of a signed-in page asks for the session from many
 * components. A change made in another tab is seen by the next run (the copy is dropped at the
 * next microtask checkpoint); a write here drops it at once.
 */
export function allCookies(): string {
  if (cookies === undefined) {
    cookies = document.cookie;
    queueMicrotask(() => {
      cookies = undefined;
    });
  }
  return cookies;
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of allCookies().split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      try {
        return decodeURIComponent(entry.slice(prefix.length));
      } catch {
        // A cookie written by something else with a broken escape is treated as absent.
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, { maxAge }: CookieOptions): void {
  cookies = undefined;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secureFlag()}`;
}

export function deleteCookie(name: string): void {
  cookies = undefined;
  // Expires in the past as well as Max-Age=0: older engines and some test DOMs honour only one.
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax${secureFlag()}`;
}
