import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from '@leadcapture/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { withTenant } from '../../http/tenant.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

/**
 * /notifications/: the caller's inbox in the current organisation. The inbox/ paths and the
 * short forms of spec 01 §7 answer the same, through the same service functions.
 */
export function notificationsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    for (const url of ['/inbox/', '/']) {
      app.get(
        url,
        {
          ...(url === '/' ? { prefixTrailingSlash: 'slash' as const } : {}),
          schema: {
            tags,
            summary: 'My notifications, newest first; unread=true keeps the unread ones',
            querystring: notificationListQuerySchema,
            response: okResponse(paginated(notificationSchema)),
          },
        },
        async (req) => {
          const page = await withTenant(deps, req, (ctx) =>
            service.listNotifications(ctx, req.query, pageWindow(req.query)),
          );
          return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
        },
      );
    }

    app.get(
      '/inbox/unread_count/',
      { schema: { tags, summary: 'How many of my notifications are unread', response: okResponse(unreadCountSchema) } },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.unreadCount(ctx))),
    );

    for (const url of ['/inbox/:id/', '/:id/']) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary: 'One of my notifications',
            params: idParamsSchema,
            response: okResponse(notificationSchema),
          },
        },
        async (req) => ok(await withTenant(deps, req, (ctx) => service.getNotification(ctx, req.params.id))),
      );
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: 'Delete one of my notifications',
            params: idParamsSchema,
            response: okResponse(detailSchema),
          },
        },
        async (req) => {
          await withTenant(deps, req, (ctx) => service.deleteNotification(ctx, req.params.id));
          return ok({ detail: 'Notification deleted' });
        },
      );
    }

    for (const url of ['/inbox/:id/mark_as_read/', '/:id/read/']) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: 'Mark one of my notifications read',
            params: idParamsSchema,
            response: okResponse(notificationSchema),
          },
        },
        async (req) => ok(await withTenant(deps, req, (ctx) => service.markRead(ctx, req.params.id))),
      );
    }

    for (const url of ['/inbox/mark_all_read/', '/mark-all-read/']) {
      app.post(
        url,
        {
          schema: { tags, summary: 'Mark all my notifications read', response: okResponse(markAllReadResultSchema) },
        },
        async (req) => ok(await withTenant(deps, req, (ctx) => service.markAllRead(ctx))),
      );
    }
  };
}
