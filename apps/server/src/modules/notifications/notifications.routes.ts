import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  mailPreviewSchema,
  mailTemplateKeyParamsSchema,
  mailTemplateSchema,
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationLogQuerySchema,
  notificationLogSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationSettingsSchema,
  previewMailTemplateSchema,
  resetMailTemplateSchema,
  sendTeamNotificationResultSchema,
  sendTeamNotificationSchema,
  unreadCountSchema,
  updateMailTemplateSchema,
  updateNotificationPreferencesSchema,
  updateNotificationSettingsSchema,
} from '@leadcapture/contracts/notifications';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { withTenant } from '../../http/tenant.ts';
import * as settings from './notification-settings.service.ts';
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

    // --- preferences: the caller's own (both paths are binding names, 03-decisions §4b) ---------
    for (const url of ['/preferences/', '/preferences/me/']) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary: 'My channels per category (defaults until changed)',
            response: okResponse(notificationPreferencesSchema),
          },
        },
        async (req) => ok(await withTenant(deps, req, (ctx) => settings.getPreferences(ctx))),
      );
      for (const method of ['put', 'patch'] as const) {
        app[method](
          url,
          {
            schema: {
              tags,
              summary: 'Change my channels for the named categories',
              body: updateNotificationPreferencesSchema,
              response: okResponse(notificationPreferencesSchema),
            },
          },
          async (req) => ok(await withTenant(deps, req, (ctx) => settings.updatePreferences(ctx, req.body))),
        );
      }
    }

    // --- the organisation's settings ------------------------------------------------------------
    app.get(
      '/settings/',
      {
        schema: {
          tags,
          summary: 'When a new lead counts as hot',
          response: okResponse(notificationSettingsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => settings.getSettings(ctx))),
    );
    app.patch(
      '/settings/',
      {
        schema: {
          tags,
          summary: 'Change the hot-lead score (owners and admins)',
          body: updateNotificationSettingsSchema,
          response: okResponse(notificationSettingsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => settings.updateSettings(ctx, req.body))),
    );

    // --- mail templates (owners and admins) -------------------------------------------------------
    app.get(
      '/templates/',
      {
        schema: {
          tags,
          summary: 'The mails the organisation can word its own way, per language',
          response: okResponse(z.array(mailTemplateSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => settings.listTemplates(ctx))),
    );
    app.get(
      '/templates/:key/',
      {
        schema: {
          tags,
          summary: 'One mail template',
          params: mailTemplateKeyParamsSchema,
          response: okResponse(mailTemplateSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => settings.getTemplate(ctx, req.params.key))),
    );
    app.put(
      '/templates/:key/',
      {
        schema: {
          tags,
          summary: "One language's subject and body ({{placeholders}} of the template only)",
          params: mailTemplateKeyParamsSchema,
          body: updateMailTemplateSchema,
          response: okResponse(mailTemplateSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => settings.updateTemplate(ctx, req.params.key, req.body))),
    );
    app.post(
      '/templates/:key/reset/',
      {
        schema: {
          tags,
          summary: 'Back to the default wording in one language',
          params: mailTemplateKeyParamsSchema,
          body: resetMailTemplateSchema,
          response: okResponse(mailTemplateSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => settings.resetTemplate(ctx, req.params.key, req.body.language))),
    );
    app.post(
      '/templates/:key/preview/',
      {
        schema: {
          tags,
          summary: 'The saved or given wording rendered with sample data',
          params: mailTemplateKeyParamsSchema,
          body: previewMailTemplateSchema,
          response: okResponse(mailPreviewSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            settings.previewTemplate(ctx, deps.config.publicUrl, req.params.key, req.body),
          ),
        ),
    );

    // --- logs and send (owners and admins) --------------------------------------------------------
    app.get(
      '/logs/',
      {
        schema: {
          tags,
          summary: 'Every notification and mail sent, newest first, with status and error',
          querystring: notificationLogQuerySchema,
          response: okResponse(paginated(notificationLogSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => settings.listLogs(ctx, req.query, pageWindow(req.query)));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.post(
      '/send/',
      {
        schema: {
          tags,
          summary: 'Notify the team (all members or the chosen ones), through their preferences',
          body: sendTeamNotificationSchema,
          response: createdResponse(sendTeamNotificationResultSchema),
        },
      },
      async (req, reply) => {
        const result = await withTenant(deps, req, (ctx) => settings.sendToTeam(ctx, deps.throttle, req.body));
        deps.outbox.kick();
        reply.code(201);
        return ok(result, 201);
      },
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

    for (const url of ['/inbox/:id/mark_as_read/', '/inbox/:id/mark_read/', '/:id/read/']) {
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
