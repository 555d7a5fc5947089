import { contactMessageSchema, contactReceiptSchema } from '@leadcapture/contracts/contact';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { createdResponse, typed } from '../../http/routes.ts';
import { requestMeta } from '../../http/tenant.ts';
import { sendContactMessage } from './contact.service.ts';

/** /contact/: the public contact form (spec 01 §2); signed in or not. */
export function contactRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        config: { public: true },
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the support team (answered within 24 hours)',
          body: contactMessageSchema,
          response: createdResponse(contactReceiptSchema),
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(await sendContactMessage(deps, requestMeta(req), req.auth?.userId ?? null, req.body), 201);
      },
    );
  };
}
