import { USAGE_WARNING_PERCENT } from '@leadcapture/contracts/constants';
import type { FastifyInstance } from 'fastify';

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
