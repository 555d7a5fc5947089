import { errorEnvelopeSchema, successEnvelope } from '@leadcapture/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The fastify instance typed by the zod provider: route schemas type the handlers. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Response schemas of a route answering 200: its envelope, and the error envelope (OpenAPI). */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: successEnvelope(data), ...errors };
}

/** Response schemas of a route answering 201. */
export function createdResponse<T extends z.ZodType>(data: T) {
  return { 201: successEnvelope(data), ...errors };
}
