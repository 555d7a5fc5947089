import { z } from 'zod';
import { LEAD_STATUSES } from './constants.ts';
import { leadSchema } from './leads.ts';

/**
 * Zapier REST hooks (docs/zapier.md): Zapier's platform subscribes a Zap's catch URL to an
 * event, receives each lead at that URL as it happens, reads sample leads while the Zap is being
 * built, and unsubscribes when the Zap is turned off. Paths under /api/v1/integrations/zapier/.
 */
export const ZAPIER_EVENTS = ['lead.created', 'lead.updated', 'lead.status_changed'] as const;
export type ZapierEvent = (typeof ZAPIER_EVENTS)[number];

/** Hooks one organisation may hold: each Zap holds one; more is a leak on Zapier's side. */
export const ZAPIER_MAX_HOOKS = 100;
export const ZAPIER_URL_MAX_LENGTH = 2000;

const targetUrl = z
  .string()
  .trim()
  .min(1, 'Enter the URL Zapier gave.')
  .max(ZAPIER_URL_MAX_LENGTH, `At most ${ZAPIER_URL_MAX_LENGTH} characters.`);

/**
 * POST hooks/: `{target_url, event}`. Zapier's own examples name the URL `hookUrl`; both are
 * read, `target_url` first, and the answer says `target_url`.
 */
export const zapierSubscribeSchema = z
  .object({
    target_url: targetUrl.optional(),
    hookUrl: targetUrl.optional(),
    event: z.enum(ZAPIER_EVENTS, { error: `Use one of: ${ZAPIER_EVENTS.join(', ')}.` }),
  })
  .transform(({ target_url, hookUrl, event }, ctx) => {
    const url = target_url ?? hookUrl;
    if (url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['target_url'], message: 'Enter the URL Zapier gave.' });
      return z.NEVER;
    }
    return { target_url: url, event };
  });
export type ZapierSubscribeInput = z.input<typeof zapierSubscribeSchema>;
export type ZapierSubscribe = z.output<typeof zapierSubscribeSchema>;

export const zapierHookSchema = z.object({
  id: z.uuid(),
  target_url: z.string(),
  event: z.enum(ZAPIER_EVENTS),
  created_at: z.iso.datetime(),
  /** The last time the hook's URL took a lead (2xx); null before the first. */
  last_delivered_at: z.iso.datetime().nullable(),
});
export type ZapierHook = z.infer<typeof zapierHookSchema>;

/** GET me/: what Zapier's authentication test shows as the connection's label. */
export const zapierMeSchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string() }),
});
export type ZapierMe = z.infer<typeof zapierMeSchema>;

/**
 * What a hook's URL receives, and what samples/ lists: the lead as the API answers it, plus for
 * `lead.status_changed` the status it left (null on the other events).
 */
export const zapierLeadSchema = leadSchema.extend({
  previous_status: z.enum(LEAD_STATUSES).nullable(),
});
export type ZapierLead = z.infer<typeof zapierLeadSchema>;

export const zapierSampleParamsSchema = z.object({ event: z.enum(ZAPIER_EVENTS) });

/** The Zapier card of the integrations page: active while a Zap holds a hook. */
export const zapierStatusSchema = z.object({
  active: z.boolean(),
  hooks: z.number().int(),
  last_delivered_at: z.iso.datetime().nullable(),
});
export type ZapierStatus = z.infer<typeof zapierStatusSchema>;
