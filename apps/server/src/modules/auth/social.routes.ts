import {
  socialCallbackQuerySchema,
  socialLinkResultSchema,
  socialProvidersSchema,
  socialStartQuerySchema,
} from '@leadcapture/contracts/auth';
import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, requireAuth } from '../../http/tenant.ts';
import { cookieIsSecure, readCookie, setRefreshCookie } from './session-cookie.ts';
import * as social from './social.service.ts';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

const tags = ['auth'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const providerParams = z.object({ provider: z.string().max(40) });

/** The sealed flow between start and callback, and a link waiting for a password sign-in. */
export const SOCIAL_FLOW_COOKIE = 'lc_social';
export const SOCIAL_LINK_COOKIE = 'lc_social_link';
const SOCIAL_COOKIE_PATH = '/api/v1/auth/social/';

function cookie(publicUrl: string, name: string, value: string, maxAge: number, path = SOCIAL_COOKIE_PATH): string {
  // SameSite=Lax: the provider sends the browser back with a top-level GET, which carries it.
  return `${name}=${value}; Max-Age=${maxAge}; Path=${path}; HttpOnly; SameSite=Lax${cookieIsSecure(publicUrl) ? '; Secure' : ''}`;
}

/** The web app's readable markers (lib/session.ts): a session to renew, the organisation to open. */
function markerCookie(publicUrl: string, name: string, value: string): string {
  const secure = new URL(publicUrl).protocol === 'https:' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** `/sv/…` pages for a Swedish journey, else the English ones. */
function localized(path: string, redirect: string | null): string {
  return redirect === '/sv' || redirect?.startsWith('/sv/') ? `/sv${path}` : path;
}

/** Fastify adds to, never replaces, the Set-Cookie header (the refresh cookie is set beside these). */
function appendCookies(reply: FastifyReply, cookies: string[]): void {
  reply.header('set-cookie', cookies);
}

/**
 * /auth/social/ (03-decisions §4d, docs/decisions/030-social-sign-in.md): sign in and sign up
 * with Google or Microsoft through OpenID Connect. Start and callback are browser navigations,
 * so they answer redirects; a failed callback lands on the sign-in page with the error's code,
 * which the page shows in the user's language.
 */
export function socialRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    instance.addHook('onSend', async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get(
      '/',
      {
        config: { public: true },
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'The configured social sign-in providers (an unconfigured one is not listed)',
          response: okResponse(socialProvidersSchema),
        },
      },
      async () => ok(social.listProviders(deps)),
    );

    app.get(
      '/:provider/start/',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Send the browser to the provider (authorization code + PKCE, state, nonce)',
          params: providerParams,
          querystring: socialStartQuerySchema,
          response: { 302: z.null().describe('A redirect to the provider'), ...errors },
        },
      },
      async (req, reply) => {
        const { url, flowCookie } = await social.start(deps, requestMeta(req), req.params.provider, req.query.redirect);
        appendCookies(reply, [
          cookie(deps.config.publicUrl, SOCIAL_FLOW_COOKIE, flowCookie, social.SOCIAL_FLOW_TTL_SECONDS),
        ]);
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/:provider/callback/',
      {
        config: { public: true },
        schema: {
          tags,
          summary:
            "The provider's answer: signs in (new users land on /onboarding) and redirects into the app; a failure lands on /auth/login?social_error=<code>",
          params: providerParams,
          querystring: socialCallbackQuerySchema,
          response: { 303: z.null().describe('A redirect into the app or to the sign-in page'), ...errors },
        },
      },
      async (req, reply) => {
        const flow = await social.readFlow(deps, readCookie(req, SOCIAL_FLOW_COOKIE));
        const redirect = flow?.redirect ?? null;
        // The flow is used once, whatever the outcome.
        const cookies = [cookie(deps.config.publicUrl, SOCIAL_FLOW_COOKIE, '', 0)];
        const provider = social.isSocialProvider(req.params.provider) ? req.params.provider : null;
        if (!provider || !deps.config.oidc[provider]) throw new AppError('NOT_FOUND', 'Sign-in provider not found');
        const failed = (code: string) => {
          const query = new URLSearchParams({ social_error: code, provider });
          if (redirect) query.set('redirect', redirect);
          appendCookies(reply, cookies);
          return reply.redirect(`${localized('/auth/login', redirect)}?${query.toString()}`, 303);
        };
        try {
          const outcome = await social.callback(deps, requestMeta(req), provider, flow, req.query);
          if (outcome.kind === 'link_pending') {
            cookies.push(
              cookie(
                deps.config.publicUrl,
                SOCIAL_LINK_COOKIE,
                await social.sealLink(deps, outcome.link),
                social.SOCIAL_FLOW_TTL_SECONDS,
              ),
            );
            return await failed('SOCIAL_ACCOUNT_EXISTS');
          }
          setRefreshCookie(reply, deps.config.publicUrl, outcome.refresh);
          cookies.push(markerCookie(deps.config.publicUrl, 'signed_in', '1'));
          if (outcome.organizationId)
            cookies.push(markerCookie(deps.config.publicUrl, 'organization_id', outcome.organizationId));
          appendCookies(reply, cookies);
          const home = outcome.language === 'sv' ? '/sv' : '';
          const target = outcome.isNew ? `${home}/onboarding` : (redirect ?? `${home}/dashboard`);
          return await reply.redirect(target, 303);
        } catch (err) {
          if (err instanceof AppError && err.code !== 'NOT_FOUND' && err.code !== 'RATE_LIMITED') {
            // PERMISSION_DENIED here is a deactivated account or closed sign-ups: both say so on the page.
            return await failed(err.code);
          }
          throw err;
        }
      },
    );

    app.post(
      '/link/',
      {
        schema: {
          tags,
          summary:
            'After a password sign-in: link the provider identity this browser brought back (lc_social_link cookie) to the signed-in account, when the verified emails match',
          response: okResponse(socialLinkResultSchema),
        },
      },
      async (req, reply) => {
        const userId = requireAuth(req).userId;
        const result = await social.confirmLink(deps, requestMeta(req), userId, readCookie(req, SOCIAL_LINK_COOKIE));
        appendCookies(reply, [cookie(deps.config.publicUrl, SOCIAL_LINK_COOKIE, '', 0)]);
        return ok(result);
      },
    );
  };
}
