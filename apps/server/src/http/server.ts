import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { DestinationStream } from 'pino';
import { handleError } from './errors.ts';
import { serializeError, serializeRequest } from './log-serializers.ts';

const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The HTTP server before any route: logging without secrets, JSON bodies up to 1 MB, request
 * ids, the contract's validation, and every error (the router's own included) in the envelope.
 */
export function createHttpServer(
  config: Config,
  logger?: FastifyServerOptions['logger'],
  logStream?: DestinationStream,
): FastifyInstance {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
      // No request body, query string or bound query parameter reaches the log (log-serializers.ts).
      serializers: { err: serializeError, req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals (a malformed or over-long path) in the envelope like the rest.
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply);
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Graceful shutdown is driven by main.ts: requests already accepted are served, and idle
    // keep-alive connections are closed once the listener is closed (see main.ts).
    return503OnClosing: false,
    forceCloseConnections: false,
  });

  // Request ids: a well-formed incoming X-Request-Id is kept (tracing across services).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', REQUEST_ID.test(request.id) ? request.id : randomUUID());
  });

  // JSON only: a text/plain body answers 415 like any other unsupported type.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  return app;
}

/** Browsers on CORS_ORIGINS may call the API (same origin only by default). */
export async function allowCrossOrigin(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'x-usage-warning',
      'x-usage-resource',
      'x-usage-percentage',
      'x-total-count',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ],
  });
}
