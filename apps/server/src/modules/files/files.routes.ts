import { detailSchema } from '@leadcapture/contracts/auth';
import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import { ATTACHMENT_CONTENT_TYPES, fileSchema } from '@leadcapture/contracts/files';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import { contentDisposition, downloadName } from './file-name.ts';
import * as filesService from './files.service.ts';
import { extensionOf } from './image-type.ts';
import { binary, readUpload, registerUploads, uploadDocs } from './upload.ts';

const tags = ['files'];

/** Downloads are the bytes themselves, not the envelope (03-decisions §2). */
const downloadResponse = {
  200: {
    description: 'The file, served with the type detected at upload',
    content: Object.fromEntries(ATTACHMENT_CONTENT_TYPES.map((type) => [type, { schema: binary }])),
  },
  304: z.null().describe('Not modified: If-None-Match matched the ETag (the file id)'),
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
};

/** True when the client's cached copy (If-None-Match) is the current one. */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * Sends a stored file. A file's bytes never change (a new upload is a new id), so the id is the
 * ETag and caches may keep it. nosniff and a sandboxing CSP keep a browser from treating an
 * image as anything but an image, even one crafted to also parse as HTML or script.
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: filesService.FileHandle,
  cacheControl: string,
): Promise<FastifyReply> {
  const { row } = file;
  const etag = `"${row.id}"`;
  // Opened before any header is set, so a failure answers a plain (uncached) error envelope.
  const body = notModified(request, etag) ? undefined : await file.open();
  void reply
    .header('etag', etag)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (!body) return reply.code(304).send();
  return reply
    .type(row.contentType)
    .header('content-length', row.size)
    .header(
      'content-disposition',
      // A visitor's Office document is saved, never opened in the app's origin; images and PDFs show.
      contentDisposition(
        row.contentType.startsWith('application/vnd.') ? 'attachment' : 'inline',
        downloadName(row.originalName, extensionOf(row.contentType)),
      ),
    )
    .send(body);
}

/** /files/: uploads and downloads of the current organisation's files (spec 01 §7). */
export function filesRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    await registerUploads(instance);
    const app = typed(instance);

    app.post(
      '/upload/',
      {
        schema: {
          tags,
          summary: 'Upload an image (owner, admin, member)',
          ...uploadDocs,
          response: createdResponse(fileSchema),
        },
      },
      async (req, reply) => {
        const file = await filesService.uploadFile(deps, tenantRunner(deps, req), requestMeta(req), () =>
          readUpload(req),
        );
        reply.code(201);
        return ok(file, 201);
      },
    );

    app.get(
      '/:id/',
      { schema: { tags, summary: 'A file’s metadata', params: idParamsSchema, response: okResponse(fileSchema) } },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => filesService.getFile(ctx, deps.config.publicUrl, req.params.id))),
    );

    app.get(
      '/:id/download/',
      {
        schema: {
          tags,
          summary: 'The file’s bytes (bearer token required)',
          params: idParamsSchema,
          response: downloadResponse,
        },
      },
      async (req, reply) =>
        sendFile(
          req,
          reply,
          await filesService.findFile(deps, tenantRunner(deps, req), req.params.id),
          'private, max-age=86400',
        ),
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Delete a file (owner, admin, or its uploader)',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await filesService.deleteFile(deps, tenantRunner(deps, req), requestMeta(req), req.params.id);
        return ok({ detail: 'File deleted' });
      },
    );
  };
}

/**
 * /public/files/: files that are public by purpose (organisation logos, decision 008), for
 * `<img src>` on the app's pages and on public capture pages, where no token is sent.
 */
export function publicFilesRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    typed(instance).get(
      '/:id/',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'A public file (organisation logo); no token needed',
          security: [],
          params: idParamsSchema,
          response: downloadResponse,
        },
      },
      async (req, reply) => {
        const file = await filesService.findPublicFile(deps, req.params.id);
        // Logos may be shown by other origins (mail clients, embedded capture forms).
        void reply.header('cross-origin-resource-policy', 'cross-origin');
        return sendFile(req, reply, file, 'public, max-age=3600');
      },
    );
  };
}
