import {
  captureHeadersSchema,
  captureRequestSchema,
  captureResultSchema,
  confirmLeadEmailResultSchema,
  confirmLeadEmailSchema,
  idOrSlugParamsSchema,
  pageViewResultSchema,
  publicEventFormSchema,
  publicEventSchema,
  publicOfferSchema,
} from '@leadcapture/contracts/leads';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import * as capture from './capture.service.ts';
import type { CaptureOutcome } from './capture.service.ts';
import * as offerCapture from './offer-capture.service.ts';
import { ATTACHMENT_LIMIT, uploadAttachment } from './attachments.ts';
import type { PageKind } from './public-pages.ts';
import { attachmentSchema, MAX_ATTACHMENT_BYTES, UPLOAD_FIELD } from '@leadcapture/contracts/files';
import { binary, readUpload, registerUploads } from '../files/files.service.ts';
import { z } from 'zod';

const tags = ['public capture'];

/** A capture's answer (an event's or an offer's): 201, marked when it repeats an earlier one. */
function answerCapture(reply: FastifyReply, outcome: CaptureOutcome) {
  if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
  reply.code(outcome.statusCode);
  return ok(outcome.result, outcome.statusCode);
}
const offerTags = ['public offers'];
/** Open to visitors: no token, and none is documented. */
const open = { config: { public: true } } as const;

/**
 * The public capture API (03-decisions §3) under /public/: what a visitor's capture page reads
 * and sends. An event that is not active by hand answers 404, like an unknown one.
 */
export function captureRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    // Visitors' attachments: multipart, so in a plugin of their own (the JSON routes beside them
    // keep answering 415 to multipart bodies).
    await instance.register(async (uploads) => {
      await registerUploads(uploads, MAX_ATTACHMENT_BYTES);
      const upload = typed(uploads);
      for (const kind of ['event', 'offer'] as const satisfies readonly PageKind[]) {
        upload.post(
          `/${kind}s/:id_or_slug/files/`,
          {
            ...open,
            schema: {
              tags: kind === 'event' ? tags : offerTags,
              summary: `Upload a file for the ${kind}'s form file field; send its id as that field's answer`,
              description:
                `One part named "${UPLOAD_FIELD}": a PDF, PNG, JPEG, WebP, GIF, docx, xlsx or pptx of at most 10 MB, ` +
                'recognised by its content. A wrong type answers 422, a larger file 413 PAYLOAD_TOO_LARGE. ' +
                'Visitors can never list or read files.',
              security: [],
              consumes: ['multipart/form-data'],
              params: idOrSlugParamsSchema,
              body: z.object({ [UPLOAD_FIELD]: binary }).nullish(),
              response: createdResponse(attachmentSchema),
            },
          },
          async (req, reply) => {
            const file = await uploadAttachment(deps, req.ip || null, kind, req.params.id_or_slug, () =>
              readUpload(req, ATTACHMENT_LIMIT),
            );
            reply.code(201);
            return ok(file, 201);
          },
        );
      }
    });

    app.get(
      '/events/:id_or_slug/',
      {
        ...open,
        schema: {
          tags,
          summary: 'An active event as its capture page shows it',
          security: [],
          params: idOrSlugParamsSchema,
          response: okResponse(publicEventSchema),
        },
      },
      async (req) => ok(await capture.getPublicEvent(deps, req.params.id_or_slug)),
    );

    app.get(
      '/events/:id_or_slug/form/',
      {
        ...open,
        schema: {
          tags,
          summary: "An active event's capture form",
          security: [],
          params: idOrSlugParamsSchema,
          response: okResponse(publicEventFormSchema),
        },
      },
      async (req) => ok(await capture.getPublicEventForm(deps, req.params.id_or_slug)),
    );

    app.post(
      '/events/:id_or_slug/views/',
      {
        ...open,
        schema: {
          tags,
          summary: 'Count one view of the capture page (a beacon sent once per page load, no body)',
          security: [],
          params: idOrSlugParamsSchema,
          response: okResponse(pageViewResultSchema),
        },
      },
      async (req) => ok(await capture.recordPageView(deps, req.ip || null, req.params.id_or_slug)),
    );

    app.post(
      '/events/:id_or_slug/leads/',
      {
        ...open,
        schema: {
          tags,
          summary: 'Capture a lead (safe to retry with an Idempotency-Key header)',
          description:
            'Standard lead fields at the top level, custom answers under `responses` keyed by field id. ' +
            'Answers 201 `{id, status}`; `pending_approval` when the event requires approval. The same ' +
            'Idempotency-Key answers the same again (header `Idempotent-Replayed: true`) and makes one lead.',
          security: [],
          params: idOrSlugParamsSchema,
          headers: captureHeadersSchema,
          body: captureRequestSchema,
          response: createdResponse(captureResultSchema),
        },
      },
      async (req, reply) => {
        const outcome = await capture.captureLead(
          deps,
          req.ip || null,
          'event',
          req.params.id_or_slug,
          req.body,
          req.headers['idempotency-key'],
        );
        return answerCapture(reply, outcome);
      },
    );

    // --- offer pages (docs/offers.md): public while active and published, else 404 ------------

    app.get(
      '/offers/:id_or_slug/',
      {
        ...open,
        schema: {
          tags: offerTags,
          summary: 'A published offer as its public page shows it',
          security: [],
          params: idOrSlugParamsSchema,
          response: okResponse(publicOfferSchema),
        },
      },
      async (req) => ok(await offerCapture.getPublicOffer(deps, req.params.id_or_slug)),
    );

    app.post(
      '/offers/:id_or_slug/views/',
      {
        ...open,
        schema: {
          tags: offerTags,
          summary: 'Count one view of the offer page (a beacon sent once per page load, no body)',
          security: [],
          params: idOrSlugParamsSchema,
          response: okResponse(pageViewResultSchema),
        },
      },
      async (req) => ok(await offerCapture.recordOfferView(deps, req.ip || null, req.params.id_or_slug)),
    );

    app.post(
      '/offers/:id_or_slug/submit/',
      {
        ...open,
        schema: {
          tags: offerTags,
          summary: 'Submit the offer form (safe to retry with an Idempotency-Key header)',
          description:
            "The body of an event's capture: standard lead fields at the top level, custom answers under " +
            '`responses` keyed by field id. Answers 201 `{id, status}`; `pending_approval` when the offer ' +
            'requires approval. The same Idempotency-Key answers the same again and makes one lead.',
          security: [],
          params: idOrSlugParamsSchema,
          headers: captureHeadersSchema,
          body: captureRequestSchema,
          response: createdResponse(captureResultSchema),
        },
      },
      async (req, reply) => {
        const outcome = await capture.captureLead(
          deps,
          req.ip || null,
          'offer',
          req.params.id_or_slug,
          req.body,
          req.headers['idempotency-key'],
        );
        return answerCapture(reply, outcome);
      },
    );

    app.post(
      '/leads/confirm-email/',
      {
        ...open,
        schema: {
          tags,
          summary: "Confirm a visitor's email address (the double opt-in link's token)",
          security: [],
          body: confirmLeadEmailSchema,
          response: okResponse(confirmLeadEmailResultSchema),
        },
      },
      async (req) => ok(await capture.confirmLeadEmail(deps, req.body.token)),
    );
  };
}
