import { detailSchema } from '@leadcapture/contracts/auth';
import {
  billingStatsSchema,
  checkoutRequestSchema,
  checkoutSessionSchema,
  completeCheckoutSchema,
  customerInputSchema,
  customerSchema,
  downloadUrlSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  paymentListQuerySchema,
  paymentMethodInputSchema,
  paymentMethodSchema,
  paymentSchema,
  portalRequestSchema,
  redirectUrlSchema,
  usageRecordQuerySchema,
  usageRecordSchema,
} from '@leadcapture/contracts/billing';
import { errorEnvelopeSchema, paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as service from './billing-account.service.ts';

const tags = ['billing'];

/**
 * /billing/ (03-decisions §4): the organisation's billing customer, payment methods, invoices,
 * payments, dated usage, overview figures, checkout and the portal. Owner and admin read; the
 * owner changes.
 */
export function billingAccountRoutes(deps: AppDeps) {
  const env = { provider: deps.billing, publicUrl: deps.config.publicUrl };
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    // --- customer ---
    app.get(
      '/customers/me/',
      {
        schema: {
          tags,
          summary: "The organisation's billing customer (null until given); owner and admin",
          response: okResponse(customerSchema.nullable()),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.myCustomer(ctx))),
    );
    app.post(
      '/customers/me/',
      {
        schema: {
          tags,
          summary: 'Give the billing details invoices are made out to (409 when given already); owner',
          body: customerInputSchema,
          response: createdResponse(customerSchema),
        },
      },
      async (req, reply) => {
        const customer = await withTenant(deps, req, (ctx) =>
          service.createCustomer(ctx, deps.billing, requestMeta(req), req.body),
        );
        reply.code(201);
        return ok(customer, 201);
      },
    );
    app.put(
      '/customers/:id/',
      {
        schema: {
          tags,
          summary: 'Change the billing details; owner',
          params: idParamsSchema,
          body: customerInputSchema,
          response: okResponse(customerSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            service.updateCustomer(ctx, deps.billing, requestMeta(req), req.params.id, req.body),
          ),
        ),
    );

    // --- payment methods ---
    app.get(
      '/payment-methods/',
      {
        schema: {
          tags,
          summary: 'Payment methods, the default first; owner and admin',
          response: okResponse(z.array(paymentMethodSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.listPaymentMethods(ctx))),
    );
    app.post(
      '/payment-methods/',
      {
        schema: {
          tags,
          summary:
            'Record a payment method by label, never a card number (local provider; with Stripe 409: use the portal); owner',
          body: paymentMethodInputSchema,
          response: createdResponse(paymentMethodSchema),
        },
      },
      async (req, reply) => {
        const method = await withTenant(deps, req, (ctx) =>
          service.addPaymentMethod(ctx, deps.billing, requestMeta(req), req.body),
        );
        reply.code(201);
        return ok(method, 201);
      },
    );
    app.post(
      '/payment-methods/:id/set-default/',
      {
        schema: {
          tags,
          summary: 'Make a payment method the default, which invoices are paid with; owner',
          params: idParamsSchema,
          response: okResponse(paymentMethodSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            service.setDefaultPaymentMethod(ctx, deps.billing, requestMeta(req), req.params.id),
          ),
        ),
    );
    app.delete(
      '/payment-methods/:id/',
      {
        schema: {
          tags,
          summary: 'Delete a payment method (the default only when it is the last one, else 409); owner',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) =>
          service.deletePaymentMethod(ctx, deps.billing, requestMeta(req), req.params.id),
        );
        return ok({ detail: 'Payment method deleted' });
      },
    );

    // --- invoices and payments ---
    app.get(
      '/invoices/',
      {
        schema: {
          tags,
          summary: 'Invoices, newest first, by year of issue and status; owner and admin',
          querystring: invoiceListQuerySchema,
          response: okResponse(paginated(invoiceSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listInvoices(ctx, req.query));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.get(
      '/invoices/:id/download/',
      {
        schema: {
          tags,
          summary: "A short-lived address (5 minutes) of the invoice's PDF; owner and admin",
          params: idParamsSchema,
          response: okResponse(downloadUrlSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => service.invoiceDownload(ctx, deps.billing, req.params.id))),
    );
    app.post(
      '/invoices/:id/pay/',
      {
        schema: {
          tags,
          summary: 'Pay an open invoice with the default payment method (409 without one); owner',
          params: idParamsSchema,
          response: okResponse(invoiceSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.payInvoice(ctx, requestMeta(req), req.params.id))),
    );
    app.get(
      '/payments/',
      {
        schema: {
          tags,
          summary: 'Payments, newest first, by year and status; owner and admin',
          querystring: paymentListQuerySchema,
          response: okResponse(paginated(paymentSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listPayments(ctx, req.query));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    // --- usage and overview ---
    app.get(
      '/usage/',
      {
        schema: {
          tags,
          summary: "Dated usage records (UTC days, default the last 30), today's measured now; owner and admin",
          querystring: usageRecordQuerySchema,
          response: okResponse(z.array(usageRecordSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.usageHistory(ctx, req.query))),
    );
    app.get(
      '/stats/',
      {
        schema: {
          tags,
          summary: "The billing overview's figures; owner and admin",
          response: okResponse(billingStatsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.billingStats(ctx, deps.billing))),
    );

    // --- checkout and portal ---
    app.post(
      '/checkout/',
      {
        schema: {
          tags,
          summary: 'Start paying for a plan: answers where to go (the checkout page); owner',
          body: checkoutRequestSchema,
          response: createdResponse(redirectUrlSchema),
        },
      },
      async (req, reply) => {
        const redirect = await withTenant(deps, req, (ctx) =>
          service.createCheckout(ctx, env, requestMeta(req), req.body),
        );
        reply.code(201);
        return ok(redirect, 201);
      },
    );
    app.get(
      '/checkout/:id/',
      {
        schema: {
          tags,
          summary: 'A checkout session, as the checkout page shows it; owner',
          params: idParamsSchema,
          response: okResponse(checkoutSessionSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.getCheckout(ctx, req.params.id))),
    );
    app.post(
      '/checkout/:id/complete/',
      {
        schema: {
          tags,
          summary:
            'Complete a checkout: billing details, payment method (made default), the plan started or upgraded; answers the success URL; owner',
          params: idParamsSchema,
          body: completeCheckoutSchema,
          response: okResponse(redirectUrlSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            service.completeCheckout(ctx, deps.billing, requestMeta(req), req.params.id, req.body),
          ),
        ),
    );
    app.post(
      '/portal/',
      {
        schema: {
          tags,
          summary: 'Where the owner manages payment methods and billing details; owner',
          body: portalRequestSchema,
          response: okResponse(redirectUrlSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.createPortal(ctx, env, req.body))),
    );
  };
}

const pdfResponse = {
  200: {
    description: 'The invoice as a PDF; Content-Disposition names it {number}.pdf',
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  },
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
};

/**
 * GET /billing/invoices/{id}/pdf/?token=…: the address `invoices/{id}/download/` answers. A
 * browser opens it without a bearer token; the signed, short-lived token is the proof.
 */
export function invoicePdfRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    app.get(
      '/invoices/:id/pdf/',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "The invoice's PDF, through the signed address download/ answers (no sign-in)",
          params: idParamsSchema,
          querystring: z.object({ token: z.string().max(1000).default('') }),
          response: pdfResponse,
        },
      },
      async (req, reply) =>
        sendPdf(reply, await service.invoicePdf(deps.db, deps.config, req.params.id, req.query.token)),
    );
  };
}

/** A download: the plain reply, whose send takes bytes (the typed one knows only the envelope). */
function sendPdf(reply: FastifyReply, pdf: { filename: string; body: Buffer }): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf.body);
}
