import { detailSchema } from '@leadcapture/contracts/auth';
import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  blankTemplateQuerySchema,
  createDataTemplateSchema,
  dataTemplateListQuerySchema,
  dataTemplateSchema,
  updateDataTemplateSchema,
} from '@leadcapture/contracts/data-exports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { checkActingOrganization, withTenant } from '../../http/tenant.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import * as service from './data-templates.service.ts';

const tags = ['data'];
const binary = z.string().meta({ format: 'binary' });

/** A download: the plain reply, whose send takes bytes (the typed one knows only the envelope). */
function sendBytes(reply: FastifyReply, file: { fileName: string; contentType: string; body: Buffer }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** /data/templates/: saved export column sets and import mappings, and blank import templates. */
export function dataTemplatesRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/templates/',
      {
        schema: {
          tags,
          summary: 'The organisation’s saved export column sets and import mappings',
          querystring: dataTemplateListQuerySchema,
          response: okResponse(z.array(dataTemplateSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.listTemplates(ctx, req.query))),
    );

    app.post(
      '/templates/',
      {
        schema: {
          tags,
          summary: 'Save a template (member and up): kind export with columns, or kind import with a mapping',
          body: createDataTemplateSchema,
          response: createdResponse(dataTemplateSchema),
        },
      },
      async (req, reply) => {
        const template = await withTenant(deps, req, (ctx) => service.createTemplate(ctx, req.body));
        reply.code(201);
        return ok(template, 201);
      },
    );

    app.get(
      '/templates/blank/',
      {
        schema: {
          tags,
          summary: 'A blank import template: the header row of the importable fields, CSV or XLSX',
          querystring: blankTemplateQuerySchema,
          response: {
            200: {
              description: 'The template',
              content: {
                'text/csv': { schema: binary },
                'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
              },
            },
            '4xx': errorEnvelopeSchema,
            '5xx': errorEnvelopeSchema,
          },
        },
      },
      async (req, reply) => {
        await checkActingOrganization(deps, req);
        const file = await service.blankTemplate(req.query.resource, req.query.format);
        return sendBytes(reply, file);
      },
    );

    app.get(
      '/templates/:id/',
      {
        schema: { tags, summary: 'A template', params: idParamsSchema, response: okResponse(dataTemplateSchema) },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.getTemplate(ctx, req.params.id))),
    );

    app.patch(
      '/templates/:id/',
      {
        schema: {
          tags,
          summary: 'Rename a template or change its columns or mapping (member and up)',
          params: idParamsSchema,
          body: updateDataTemplateSchema,
          response: okResponse(dataTemplateSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.updateTemplate(ctx, req.params.id, req.body))),
    );

    app.delete(
      '/templates/:id/',
      {
        schema: {
          tags,
          summary: 'Delete a template (member and up)',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => service.deleteTemplate(ctx, req.params.id));
        return ok({ detail: 'Template deleted' });
      },
    );
  };
}
