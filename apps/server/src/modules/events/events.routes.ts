import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import {
  createEventSchema,
  eventAnalyticsQuerySchema,
  eventAnalyticsSchema,
  eventFormSchema,
  eventListQuerySchema,
  eventSchema,
  eventTemplateSchema,
  eventTemplatesQuerySchema,
  qrCodeQuerySchema,
  saveEventTemplateSchema,
  slugAvailabilityQuerySchema,
  slugAvailabilitySchema,
  updateEventFormSchema,
  updateEventSchema,
} from '@leadcapture/contracts/events';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import { readUpload, registerUploads, uploadDocs } from '../files/files.service.ts';
import { qrResponse, renderQrCode, sendQrCode } from '../short-links/short-links.service.ts';
import * as eventsService from './events.service.ts';

const tags = ['events'];

const templateParamsSchema = z.object({
  id: z.uuid({ error: 'Give a saved template’s id (built-in templates cannot be deleted)' }),
});

/** /events/: the organisation's events, their forms, templates, QR codes and figures. */
export function eventRoutes(deps: AppDeps) {
  const { publicUrl } = deps.config;
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Events of the organisation; status filters by the status as shown (upcoming, completed too)',
          querystring: eventListQuerySchema,
          response: okResponse(paginated(eventSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          eventsService.listEvents(ctx, publicUrl, req.query, pageWindow(req.query)),
        );
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Create an event (owner, admin, member), optionally from a template',
          body: createEventSchema,
          response: createdResponse(eventSchema),
        },
      },
      async (req, reply) => {
        const event = await withTenant(deps, req, (ctx) =>
          eventsService.createEvent(ctx, requestMeta(req), publicUrl, req.body),
        );
        reply.code(201);
        return ok(event, 201);
      },
    );

    app.get(
      '/slug-availability/',
      {
        schema: {
          tags,
          summary: 'Whether a slug is free across the product (event_id: the event being edited keeps its own)',
          querystring: slugAvailabilityQuerySchema,
          response: okResponse(slugAvailabilitySchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => eventsService.slugAvailability(ctx, req.query))),
    );

    // --- templates ---------------------------------------------------------------------------

    app.get(
      '/templates/',
      {
        schema: {
          tags,
          summary: 'Built-in templates (in `language`, default the organisation’s) then the organisation’s own',
          querystring: paginationQuerySchema.extend(eventTemplatesQuerySchema.shape),
          response: okResponse(paginated(eventTemplateSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          eventsService.listTemplates(ctx, req.query.language, pageWindow(req.query)),
        );
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/templates/',
      {
        schema: {
          tags,
          summary: 'Save a template, from an event (event_id) and/or from the body (owner, admin, member)',
          body: saveEventTemplateSchema,
          response: createdResponse(eventTemplateSchema),
        },
      },
      async (req, reply) => {
        const template = await withTenant(deps, req, (ctx) =>
          eventsService.saveTemplate(ctx, requestMeta(req), req.body),
        );
        reply.code(201);
        return ok(template, 201);
      },
    );

    app.delete(
      '/templates/:id/',
      {
        schema: {
          tags,
          summary: 'Delete a saved template (owner, admin, member)',
          params: templateParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => eventsService.deleteTemplate(ctx, requestMeta(req), req.params.id));
        return ok({ detail: 'Template deleted' });
      },
    );

    // --- one event ---------------------------------------------------------------------------

    app.get(
      '/:id/',
      { schema: { tags, summary: 'One event', params: idParamsSchema, response: okResponse(eventSchema) } },
      async (req) => ok(await withTenant(deps, req, (ctx) => eventsService.getEvent(ctx, publicUrl, req.params.id))),
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Change an event (owner, admin, member); any subset of fields, settings merge',
          params: idParamsSchema,
          body: updateEventSchema,
          response: okResponse(eventSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            eventsService.updateEvent(ctx, requestMeta(req), publicUrl, req.params.id, req.body),
          ),
        ),
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Delete an event (owner, admin, member); its leads are kept, without the event',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await eventsService.deleteEvent(deps, tenantRunner(deps, req), requestMeta(req), req.params.id);
        return ok({ detail: 'Event deleted' });
      },
    );

    app.get(
      '/:id/forms/',
      {
        schema: {
          tags,
          summary: 'The event’s registration form (its custom fields)',
          params: idParamsSchema,
          response: okResponse(eventFormSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => eventsService.getEventForm(ctx, req.params.id))),
    );

    app.put(
      '/:id/forms/',
      {
        schema: {
          tags,
          summary: 'Replace the event’s registration form (owner, admin, member)',
          params: idParamsSchema,
          body: updateEventFormSchema,
          response: okResponse(eventFormSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            eventsService.updateEventForm(ctx, requestMeta(req), req.params.id, req.body.form_fields),
          ),
        ),
    );

    app.get(
      '/:id/qr-code/',
      {
        schema: {
          tags,
          summary: "QR code of the event's short link (marked ?src=qr), as PNG or SVG",
          params: idParamsSchema,
          querystring: qrCodeQuerySchema,
          response: qrResponse,
        },
      },
      async (req, reply) => {
        const target = await withTenant(deps, req, (ctx) => eventsService.qrTarget(ctx, publicUrl, req.params.id));
        // Rendered after the transaction: it is CPU work and must not hold the connection.
        return sendQrCode(reply, target.slug, await renderQrCode(target.url, req.query));
      },
    );

    app.get(
      '/:id/analytics/',
      {
        schema: {
          tags,
          summary: 'Page views, submissions, conversion, by day and by source over the last 7, 30, 90 or 365 days',
          params: idParamsSchema,
          querystring: eventAnalyticsQuerySchema,
          response: okResponse(eventAnalyticsSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => eventsService.eventAnalytics(ctx, req.params.id, req.query.days))),
    );
  };
}

/**
 * /events/{id}/logo/: a plugin of its own because it registers the multipart parser, which the
 * JSON routes above must not accept (as organization-logo.routes.ts).
 */
export function eventLogoRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    await registerUploads(instance);
    const app = typed(instance);

    app.post(
      '/:id/logo/',
      {
        schema: {
          tags,
          summary: 'Upload the event’s logo (owner, admin, member); logo_url becomes its public address',
          params: idParamsSchema,
          ...uploadDocs,
          response: okResponse(eventSchema),
        },
      },
      async (req) =>
        ok(
          await eventsService.setEventLogo(deps, tenantRunner(deps, req), requestMeta(req), req.params.id, () =>
            readUpload(req),
          ),
        ),
    );

    app.delete(
      '/:id/logo/',
      {
        schema: {
          tags,
          summary: 'Remove the event’s logo (owner, admin, member)',
          params: idParamsSchema,
          response: okResponse(eventSchema),
        },
      },
      async (req) =>
        ok(await eventsService.removeEventLogo(deps, tenantRunner(deps, req), requestMeta(req), req.params.id)),
    );
  };
}
