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

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
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
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secureFlag()}`;
}

export function deleteCookie(name: string): void {
  // Expires in the past as well as Max-Age=0: older engines and some test DOMs honour only one.
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax${secureFlag()}`;
}
