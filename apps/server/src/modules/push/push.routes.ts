import { detailSchema } from '@leadcapture/contracts/auth';
import {
  pushSubscriptionResultSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  vapidPublicKeySchema,
} from '@leadcapture/contracts/push';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requireSession } from '../../http/tenant.ts';
import * as service from './push.service.ts';

const tags = ['push'];

/** /push/ (03-decisions §4b): the VAPID public key, and the caller's browsers' subscriptions. */
export function pushRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/vapid-public-key/',
      {
        // A public key: the browser needs it before anyone is signed in to the worker.
        config: { public: true },
        schema: {
          tags,
          summary: 'The VAPID public key: pushManager.subscribe() takes it as applicationServerKey',
          security: [],
          response: okResponse(vapidPublicKeySchema),
        },
      },
      async () => ok({ public_key: (await deps.pushKeys.get()).publicKey }),
    );

    app.post(
      '/subscribe/',
      {
        schema: {
          tags,
          summary: "Keep this browser's PushSubscription (as toJSON() gives it) for me; again updates it",
          body: pushSubscriptionSchema,
          response: {
            ...okResponse(pushSubscriptionResultSchema),
            201: okResponse(pushSubscriptionResultSchema)[200],
          },
        },
      },
      async (req, reply) => {
        const { userId } = requireSession(req);
        const { subscription, created } = await service.subscribe(
          deps,
          userId,
          req.body,
          req.headers['user-agent'] ?? '',
        );
        const status = created ? 201 : 200;
        return reply.code(status).send(ok(subscription, status));
      },
    );

    app.delete(
      '/subscribe/',
      {
        schema: {
          tags,
          summary: "End one of my browsers' subscriptions, named by its endpoint",
          body: pushUnsubscribeSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        const { userId } = requireSession(req);
        await service.unsubscribe(deps.db, userId, req.body.endpoint);
        return ok({ detail: 'Push subscription removed' });
      },
    );
  };
}
