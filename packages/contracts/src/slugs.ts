/**
 * Slugs of public pages (events at /capture/{slug}; offers later). Unique across the product,
 * so a printed QR code or link names exactly one page. Zod-free so the web can preview the
 * generated slug as the name is typed.
 */
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 60;
/** Lowercase ASCII letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Refused as slugs: words of the app's own routes and words that would make a public page look
 * like it belongs to the product rather than to an organisation.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'admin',
  'analytics',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'capture',
  'clients',
  // /capture/confirm is the double opt-in page, so no event may be /capture/confirm.
  'confirm',
  'contact',
  'dashboard',
  'docs',
  'edit',
  'en',
  'events',
  'form',
  'help',
  'leadcapture',
  'leads',
  'login',
  'logout',
  'new',
  'offers',
  'offline',
  'onboarding',
  'privacy',
  'public',
  'register',
  'settings',
  'show',
  'signup',
  'static',
  'status',
  'support',
  'sv',
  'team',
  'templates',
  'terms',
  'www',
];

export const SLUG_MESSAGES = {
  format: `Use ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} lowercase letters, digits and single hyphens`,
  reserved: 'This slug is reserved',
  taken: 'This slug is already taken',
} as const;

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug);
}

/** What is wrong with a slug as given, or null when it may be used (if free). */
export function slugProblem(slug: string): keyof typeof SLUG_MESSAGES | null {
  if (slug.length < SLUG_MIN_LENGTH || slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return 'format';
  if (isReservedSlug(slug)) return 'reserved';
  return null;
}

/** Lowercase ASCII words of a text joined by hyphens ("Nordic Expo 2026" -> "nordic-expo-2026"). */
export function slugify(text: string, maxLength: number = SLUG_MAX_LENGTH): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}

/** Room left for a "-xxxxxx" suffix when a generated slug is already taken. */
export const SLUG_SUFFIX_ROOM = 7;

/**
 * A valid, unreserved slug made from a name; the server adds a short suffix when it is taken.
 * Too short or reserved words become "{word}-event"; a name with no ASCII letters, "event".
 */
export function suggestSlug(name: string, fallback = 'event'): string {
  const base = slugify(name, SLUG_MAX_LENGTH - SLUG_SUFFIX_ROOM);
  if (base === '') return fallback;
  if (base.length < SLUG_MIN_LENGTH || isReservedSlug(base)) return `${base}-${fallback}`;
  return base;
}
