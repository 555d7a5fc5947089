import { helpFeedbackCountsSchema, helpFeedbackSchema } from '@leadcapture/contracts/help';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { createdResponse, typed } from '../../http/routes.ts';
import { requestMeta } from '../../http/tenant.ts';
import { recordHelpFeedback } from './help.service.ts';

/** /help/: the help centre's "Was this helpful?" (03-decisions §4d); signed in or not. */
export function helpRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    typed(instance).post(
      '/feedback/',
      {
        config: { public: true },
        schema: {
          tags: ['help'],
          summary: 'Answer "Was this helpful?" for a help article; answers its counts in that language',
          body: helpFeedbackSchema,
          response: createdResponse(helpFeedbackCountsSchema),
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(await recordHelpFeedback(deps, requestMeta(req), req.body), 201);
      },
    );
  };
}
