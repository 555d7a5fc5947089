import { onboardingSchema, updateOnboardingSchema } from '@leadcapture/contracts/onboarding';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { checkActingOrganization, requestMeta, requireAuth } from '../../http/tenant.ts';
import * as onboarding from './onboarding.service.ts';

const tags = ['auth'];

/** /auth/onboarding/: the signed-in user's progress through the onboarding wizard (spec 01 §4). */
export function onboardingRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: { tags, summary: 'Onboarding progress of the signed-in user', response: okResponse(onboardingSchema) },
      },
      async (req) => {
        await checkActingOrganization(deps, req);
        return ok(await onboarding.getOnboarding(deps, requireAuth(req).userId));
      },
    );

    app.patch(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Record onboarding progress (steps completed, current step, skip)',
          body: updateOnboardingSchema,
          response: okResponse(onboardingSchema),
        },
      },
      async (req) => {
        await checkActingOrganization(deps, req);
        return ok(await onboarding.updateOnboarding(deps, requestMeta(req), requireAuth(req).userId, req.body));
      },
    );
  };
}
