import type { FastifyInstance } from 'fastify';

/** From this share of a limit on, answers that counted against it say so (03-decisions §4). */
export const USAGE_WARNING_PERCENT = 80;

/**
 * The x-usage-* headers (spec 02 §3): a successful answer to a request whose create counted
 * against a limit (billing reserveUsage, through `ctx.reportUsage`) carries the resource and its
 * percentage once that reaches 80 %; the web warns from them.
 */
export function addUsageHeaders(app: FastifyInstance): void {
  app.decorateRequest('usage', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const { usage } = request;
    if (usage && usage.limit !== null && reply.statusCode < 300 && usage.percentage >= USAGE_WARNING_PERCENT) {
      void reply.header('x-usage-warning', 'true');
      void reply.header('x-usage-resource', usage.resource);
      void reply.header('x-usage-percentage', String(usage.percentage));
    }
    return payload;
  });
}
