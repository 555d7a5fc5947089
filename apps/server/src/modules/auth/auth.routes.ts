import {
  accountDeletedSchema,
  authResultSchema,
  changePasswordSchema,
  deleteAccountSchema,
  detailSchema,
  emailOnlySchema,
  loginSchema,
  logoutSchema,
  meSchema,
  preferencesSchema,
  refreshResultSchema,
  refreshSchema,
  registerSchema,
  resetConfirmSchema,
  switchOrganizationSchema,
  tokenVerifyResultSchema,
  tokenVerifySchema,
  updateMeSchema,
  verifyEmailSchema,
} from '@leadcapture/contracts/auth';
import { MESSAGES } from '@leadcapture/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { validationError } from '../../http/errors.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, requireAuth, requireSession } from '../../http/tenant.ts';
import * as auth from './auth.service.ts';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './session-cookie.ts';

const tags = ['auth'];
const pub = { public: true };

export function authRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    // Answers here carry tokens or the user's own record: never kept by a browser or proxy cache.
    instance.addHook('onSend', async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.post(
      '/register/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Create an account and its organisation',
          body: registerSchema,
          response: createdResponse(authResultSchema),
        },
      },
      async (req, reply) => {
        const result = await auth.register(deps, requestMeta(req), req.body);
        setRefreshCookie(reply, deps.config.publicUrl, result.refresh);
        reply.code(201);
        return ok(result, 201);
      },
    );

    app.post(
      '/login/',
      { config: pub, schema: { tags, summary: 'Sign in', body: loginSchema, response: okResponse(authResultSchema) } },
      async (req, reply) => {
        const result = await auth.login(deps, requestMeta(req), req.body);
        setRefreshCookie(reply, deps.config.publicUrl, result.refresh);
        return ok(result);
      },
    );

    app.post(
      '/refresh/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Rotate the refresh token (in the body, or the session cookie)',
          body: refreshSchema,
          response: okResponse(refreshResultSchema),
        },
      },
      async (req, reply) => {
        const given = refreshTokenOf(req, req.body.refresh);
        if (!given) throw validationError({ refresh: [MESSAGES.required] });
        try {
          const tokens = await auth.refresh(deps, requestMeta(req), given.token);
          if (!given.fromCookie) return ok(tokens);
          // The web app: the rotated token goes back into the cookie only, out of scripts' reach.
          setRefreshCookie(reply, deps.config.publicUrl, tokens.refresh);
          return ok({ access: tokens.access });
        } catch (err) {
          if (given.fromCookie) clearRefreshCookie(reply, deps.config.publicUrl);
          throw err;
        }
      },
    );

    app.post(
      '/logout/',
      {
        schema: {
          tags,
          summary: 'End the session of a refresh token (in the body, or the session cookie)',
          body: logoutSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req, reply) => {
        const userId = requireAuth(req).userId;
        const given = refreshTokenOf(req, req.body.refresh);
        if (!given) throw validationError({ refresh: [MESSAGES.required] });
        await auth.logout(deps, requestMeta(req), userId, given.token);
        clearRefreshCookie(reply, deps.config.publicUrl);
        return ok({ detail: 'Logged out' });
      },
    );

    app.post(
      '/token/verify/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Check an access token',
          body: tokenVerifySchema,
          response: okResponse(tokenVerifyResultSchema),
        },
      },
      async (req) => {
        const claims = await auth.authenticate(deps, req.body.token);
        return ok({ valid: true as const, user_id: claims.userId, exp: claims.exp });
      },
    );

    app.get(
      '/me/',
      { schema: { tags, summary: 'The signed-in user with organisations', response: okResponse(meSchema) } },
      async (req) => ok(await auth.me(deps, requireAuth(req).userId)),
    );

    app.patch(
      '/me/',
      {
        schema: {
          tags,
          summary: 'Update own profile (whitelisted fields only)',
          body: updateMeSchema,
          response: okResponse(meSchema),
        },
      },
      async (req) => ok(await auth.updateMe(deps, requestMeta(req), requireAuth(req).userId, req.body)),
    );

    app.patch(
      '/preferences/',
      {
        schema: {
          tags,
          summary: 'Update preferences (language)',
          body: preferencesSchema,
          response: okResponse(preferencesSchema),
        },
      },
      async (req) => ok(await auth.setLanguage(deps, requireAuth(req).userId, req.body.language)),
    );

    app.post(
      '/switch-organization/',
      {
        schema: {
          tags,
          summary: 'Make one of the user’s organisations the current one',
          body: switchOrganizationSchema,
          response: okResponse(meSchema),
        },
      },
      async (req) =>
        ok(await auth.switchOrganization(deps, requestMeta(req), requireAuth(req).userId, req.body.organization_id)),
    );

    app.post(
      '/change-password/',
      {
        schema: {
          tags,
          summary: 'Change password; ends the other sessions',
          body: changePasswordSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await auth.changePassword(deps, requestMeta(req), requireSession(req), req.body);
        return ok({ detail: 'Password changed' });
      },
    );

    app.post(
      '/delete-account/',
      {
        schema: {
          tags,
          summary: 'Delete the account (password and the word DELETE or RADERA); ends every session',
          description:
            'Organisations the user is the only member of are deleted with the account. Answers 409 CONFLICT, naming them in details.organizations, while the user is the last owner of an organisation that has other members.',
          body: deleteAccountSchema,
          response: okResponse(accountDeletedSchema),
        },
      },
      async (req) => {
        const result = await auth.deleteAccount(deps, requestMeta(req), requireAuth(req).userId, req.body);
        return ok({ detail: 'Account deleted', ...result });
      },
    );

    app.post(
      '/password/reset/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Mail a password reset link',
          body: emailOnlySchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await auth.requestPasswordReset(deps, requestMeta(req), req.body.email);
        return ok({ detail: auth.GENERIC_RESET_DETAIL });
      },
    );

    app.post(
      '/password/reset/confirm/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Set a new password with a reset token',
          body: resetConfirmSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await auth.confirmPasswordReset(deps, requestMeta(req), req.body);
        return ok({ detail: 'Password has been reset. Please sign in.' });
      },
    );

    app.post(
      '/verify-email/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Verify the email address with a token',
          body: verifyEmailSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await auth.verifyEmail(deps, requestMeta(req), req.body.token);
        return ok({ detail: 'Email address verified' });
      },
    );

    app.post(
      '/resend-verification/',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Mail a new verification link',
          body: emailOnlySchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await auth.resendVerification(deps, requestMeta(req), req.body.email);
        return ok({ detail: auth.GENERIC_RESEND_DETAIL });
      },
    );
  };
}
