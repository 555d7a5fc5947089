import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

/**
 * The OpenAPI document, generated from the routes' contract schemas, and its pages at
 * `<prefix>/docs/` (JSON at `<prefix>/docs/json`, committed as docs/api/openapi.json).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config, apiPrefix: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LeadCapture API',
        version: config.version,
        description: 'Every JSON answer is the envelope of 03-decisions §2.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${apiPrefix}/docs`,
    staticCSP: true,
    // Keep the docs page usable over plain HTTP and as unframeable as the rest of the app.
    transformStaticCSP: (header) =>
      header.replace(/upgrade-insecure-requests;?\s*/g, '').replace(/frame-ancestors [^;]*/g, "frame-ancestors 'none'"),
  });
}
