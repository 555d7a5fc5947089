import { z } from 'zod';
import { UI_LANGUAGES } from './constants.ts';

/**
 * The help centre (spec 01 §2, 03-decisions §4d): six categories and their articles, whose text is
 * Markdown in apps/web/src/features/help/content/{en,sv}/<category>/<slug>.md. This list is the
 * one index of them: the web's content test holds the files to it, the server's sitemap lists it,
 * and "Was this helpful?" answers are accepted only for an article named here.
 */
export const HELP_CATEGORIES = [
  'getting-started',
  'lead-management',
  'integrations',
  'analytics',
  'security',
  'billing',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** Articles of each category, in reading order. */
export const HELP_ARTICLES: Readonly<Record<HelpCategory, readonly string[]>> = {
  'getting-started': ['create-an-event', 'build-a-capture-form', 'share-your-qr-code', 'invite-your-team'],
  'lead-management': [
    'qualify-and-score-leads',
    'assign-leads-automatically',
    'import-and-export-leads',
    'convert-leads-to-clients',
    'capture-on-weak-wifi',
  ],
  integrations: ['connect-a-crm', 'send-webhooks', 'create-api-keys', 'connect-zapier'],
  analytics: ['read-the-lobby', 'event-analytics', 'export-reports', 'live-updates-and-notifications'],
  security: ['roles-and-permissions', 'account-security', 'consent-and-double-opt-in', 'audit-log'],
  billing: ['plans-and-limits', 'change-your-plan', 'held-leads', 'invoices-and-payment'],
};

/** Every article as `{category, slug}`, categories in order. */
export const helpArticleList = (): { category: HelpCategory; slug: string }[] =>
  HELP_CATEGORIES.flatMap((category) => HELP_ARTICLES[category].map((slug) => ({ category, slug })));

export const isHelpArticle = (category: string, slug: string): boolean =>
  (HELP_CATEGORIES as readonly string[]).includes(category) && HELP_ARTICLES[category as HelpCategory].includes(slug);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** POST /help/feedback/: "Was this helpful?" on one article, in the language it was read in. */
export const helpFeedbackSchema = z.object({
  category: z.enum(HELP_CATEGORIES),
  article: z.string().max(80).regex(SLUG, 'Unknown article'),
  language: z.enum(UI_LANGUAGES),
  helpful: z.boolean(),
});
export type HelpFeedbackInput = z.infer<typeof helpFeedbackSchema>;

/** The article's answers so far, in that language. */
export const helpFeedbackCountsSchema = z.object({
  helpful: z.number().int().nonnegative(),
  not_helpful: z.number().int().nonnegative(),
});
export type HelpFeedbackCounts = z.infer<typeof helpFeedbackCountsSchema>;
