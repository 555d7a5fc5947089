import { helpArticleList, HELP_CATEGORIES } from '@leadcapture/contracts/help';

/**
 * The documents for search engines (03-decisions §4d): /sitemap.xml lists the public pages in
 * both languages, each with its hreflang alternates; /robots.txt points at it and keeps crawlers
 * out of the signed-in app and the API. The public pages are the landing page, the help centre,
 * the legal texts and contact; capture pages are left out (they belong to customers' events).
 */

/** Public pages by their English path; the Swedish one is the same under /sv. */
export function publicPaths(): string[] {
  return [
    '/',
    '/help',
    ...HELP_CATEGORIES.map((category) => `/help/${category}`),
    ...helpArticleList().map(({ category, slug }) => `/help/${category}/${slug}`),
    '/contact',
    '/terms',
    '/privacy',
  ];
}

const swedish = (path: string) => (path === '/' ? '/sv' : `/sv${path}`);

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(publicUrl: string): string {
  const url = (path: string) => escapeXml(`${publicUrl}${path}`);
  const entries = publicPaths().flatMap((path) => {
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${url(path)}"/>`,
      `<xhtml:link rel="alternate" hreflang="sv" href="${url(swedish(path))}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
    ].join('');
    return [path, swedish(path)].map((loc) => `<url><loc>${url(loc)}</loc>${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** The signed-in app, its sign-in journeys and the API: nothing there for a search engine. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/ws/',
  '/auth/',
  '/dashboard',
  '/onboarding',
  '/events',
  '/offers',
  '/leads',
  '/clients',
  '/analytics',
  '/team',
  '/notifications',
  '/settings',
  '/billing',
  '/staff',
  '/p/',
  '/capture/',
  '/show/',
];

export function robotsTxt(publicUrl: string): string {
  const disallow = PRIVATE_PREFIXES.flatMap((prefix) => [`Disallow: ${prefix}`, `Disallow: /sv${prefix}`]).filter(
    (line) => !line.startsWith('Disallow: /sv/api/') && !line.startsWith('Disallow: /sv/ws/'),
  );
  return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
