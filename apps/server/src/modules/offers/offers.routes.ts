import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated } from '@leadcapture/contracts/envelope';
import { qrCodeQuerySchema } from '@leadcapture/contracts/events';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import { leadSchema } from '@leadcapture/contracts/leads';
import {
  createOfferFieldSchema,
  createOfferSchema,
  offerFieldParamsSchema,
  offerFieldSchema,
  offerFieldsSchema,
  offerLeadParamsSchema,
  offerListQuerySchema,
  offerSchema,
  offerSlugAvailabilityQuerySchema,
  offerSlugAvailabilitySchema,
  offerStatsQuerySchema,
  offerStatsSchema,
  reorderOfferFieldsSchema,
  updateOfferFieldSchema,
  updateOfferSchema,
} from '@leadcapture/contracts/offers';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import { qrResponse, renderQrCode, sendQrCode } from '../short-links/short-links.service.ts';
import * as leadsService from '../leads/leads.service.ts';
import * as offersService from './offers.service.ts';

const tags = ['offers'];

/** /offers/: the organisation's offer pages, their form fields, figures and leads (docs/offers.md). */
export function offerRoutes(deps: AppDeps) {
  const { publicUrl } = deps.config;
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Offers of the organisation (filters status, is_published; search; ordering)',
          querystring: offerListQuerySchema,
          response: okResponse(paginated(offerSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          offersService.listOffers(ctx, publicUrl, req.query, pageWindow(req.query)),
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
          summary: 'Create an offer (owner, admin, member); a draft unless status is active',
          body: createOfferSchema,
          response: createdResponse(offerSchema),
        },
      },
      async (req, reply) => {
        const offer = await withTenant(deps, req, (ctx) =>
          offersService.createOffer(ctx, requestMeta(req), publicUrl, req.body),
        );
        reply.code(201);
        return ok(offer, 201);
      },
    );

    app.get(
      '/slug-availability/',
      {
        schema: {
          tags,
          summary: 'Whether a slug is free across the product (offer_id: the offer being edited keeps its own)',
          querystring: offerSlugAvailabilityQuerySchema,
          response: okResponse(offerSlugAvailabilitySchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => offersService.slugAvailability(ctx, req.query))),
    );

    // --- one offer ---------------------------------------------------------------------------

    app.get(
      '/:id/',
      { schema: { tags, summary: 'One offer', params: idParamsSchema, response: okResponse(offerSchema) } },
      async (req) => ok(await withTenant(deps, req, (ctx) => offersService.getOffer(ctx, publicUrl, req.params.id))),
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Change an offer (owner, admin, member); only an active offer can be published (else 409)',
          params: idParamsSchema,
          body: updateOfferSchema,
          response: okResponse(offerSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            offersService.updateOffer(ctx, requestMeta(req), publicUrl, req.params.id, req.body),
          ),
        ),
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Delete an offer (owner, admin, member); its leads are kept, without the offer',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => offersService.deleteOffer(ctx, requestMeta(req), req.params.id));
        return ok({ detail: 'Offer deleted' });
      },
    );

    const action = (path: string, summary: string, run: typeof offersService.activateOffer) =>
      app.post(
        path,
        { schema: { tags, summary, params: idParamsSchema, response: okResponse(offerSchema) } },
        async (req) => ok(await withTenant(deps, req, (ctx) => run(ctx, requestMeta(req), publicUrl, req.params.id))),
      );
    action(
      '/:id/activate/',
      'Make the offer active, still unpublished (owner, admin, member)',
      offersService.activateOffer,
    );
    action(
      '/:id/archive/',
      'Archive the offer; it is unpublished with it (owner, admin, member)',
      offersService.archiveOffer,
    );

    app.post(
      '/:id/duplicate/',
      {
        schema: {
          tags,
          summary: 'Copy the offer with its fields under a new slug, as an unpublished draft (owner, admin, member)',
          params: idParamsSchema,
          response: createdResponse(offerSchema),
        },
      },
      async (req, reply) => {
        const offer = await withTenant(deps, req, (ctx) =>
          offersService.duplicateOffer(ctx, requestMeta(req), publicUrl, req.params.id),
        );
        reply.code(201);
        return ok(offer, 201);
      },
    );

    app.get(
      '/:id/stats/',
      {
        schema: {
          tags,
          summary: 'Page views, submissions, conversion rate and submissions by day over 7, 30, 90 or 365 days',
          params: idParamsSchema,
          querystring: offerStatsQuerySchema,
          response: okResponse(offerStatsSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => offersService.offerStats(ctx, req.params.id, req.query.days))),
    );

    app.get(
      '/:id/qr-code/',
      {
        schema: {
          tags,
          summary: "QR code of the offer's short link (marked ?src=qr), as PNG or SVG",
          params: idParamsSchema,
          querystring: qrCodeQuerySchema,
          response: qrResponse,
        },
      },
      async (req, reply) => {
        const target = await withTenant(deps, req, (ctx) => offersService.qrTarget(ctx, publicUrl, req.params.id));
        // Rendered after the transaction: it is CPU work and must not hold the connection.
        return sendQrCode(reply, target.slug, await renderQrCode(target.url, req.query));
      },
    );

    // --- fields ------------------------------------------------------------------------------

    app.get(
      '/:id/fields/',
      {
        schema: {
          tags,
          summary: 'The offer’s form fields, in order',
          params: idParamsSchema,
          response: okResponse(offerFieldsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => offersService.listFields(ctx, req.params.id))),
    );

    app.post(
      '/:id/fields/',
      {
        schema: {
          tags,
          summary: 'Add a field (the shared form engine’s definition) at position, default last (owner, admin, member)',
          params: idParamsSchema,
          body: createOfferFieldSchema,
          response: createdResponse(offerFieldSchema),
        },
      },
      async (req, reply) => {
        const field = await withTenant(deps, req, (ctx) =>
          offersService.addField(ctx, requestMeta(req), req.params.id, req.body),
        );
        reply.code(201);
        return ok(field, 201);
      },
    );

    app.post(
      '/:id/fields/reorder/',
      {
        schema: {
          tags,
          summary: 'Put the fields in a new order: every field id of the offer, once each (owner, admin, member)',
          params: idParamsSchema,
          body: reorderOfferFieldsSchema,
          response: okResponse(offerFieldsSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            offersService.reorderFields(ctx, requestMeta(req), req.params.id, req.body.field_ids),
          ),
        ),
    );

    app.get(
      '/:id/fields/:fieldId/',
      {
        schema: {
          tags,
          summary: 'One field of the offer',
          params: offerFieldParamsSchema,
          response: okResponse(offerFieldSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => offersService.getField(ctx, req.params.id, req.params.fieldId))),
    );

    app.patch(
      '/:id/fields/:fieldId/',
      {
        schema: {
          tags,
          summary: 'Change some properties of a field; the result is checked as a whole (owner, admin, member)',
          params: offerFieldParamsSchema,
          body: updateOfferFieldSchema,
          response: okResponse(offerFieldSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            offersService.updateField(ctx, requestMeta(req), req.params.id, req.params.fieldId, req.body),
          ),
        ),
    );

    app.delete(
      '/:id/fields/:fieldId/',
      {
        schema: {
          tags,
          summary: 'Remove a field (owner, admin, member)',
          params: offerFieldParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) =>
          offersService.deleteField(ctx, requestMeta(req), req.params.id, req.params.fieldId),
        );
        return ok({ detail: 'Field deleted' });
      },
    );

    // --- leads -------------------------------------------------------------------------------

    app.get(
      '/:id/leads/:leadId/',
      {
        schema: {
          tags,
          summary: 'One lead of the offer',
          params: offerLeadParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            leadsService.getPageLead(ctx, { kind: 'offer', id: req.params.id }, req.params.leadId),
          ),
        ),
    );
  };
}
