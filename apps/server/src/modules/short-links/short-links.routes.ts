import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { typed } from '../../http/routes.ts';
import { SHORT_LINK_MISSES, shortLinkTarget } from './short-links.service.ts';

// Any text: what is not a code answers the not-found page like an unknown code, not a 422.
const paramsSchema = z.object({ code: z.string() });

/**
 * /p/{code} and /sv/p/{code}: a short link (docs/short-links.md) redirects to its public page in
 * the same language, keeping the query (the QR marker ?src=qr, UTM tags). A code that names no
 * public page is the visitor's not-found page (`notFoundPage`), with status 404.
 */
export function shortLinkRoutes(deps: AppDeps, notFoundPage: (reply: FastifyReply) => FastifyReply) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    for (const prefix of ['', '/sv']) {
      app.get(
        `${prefix}/p/:code`,
        { config: { public: true }, schema: { hide: true, params: paramsSchema } },
        async (req, reply) => {
          const ip = req.ip || 'unknown';
          await deps.throttle.check(SHORT_LINK_MISSES, ip);
          const target = await shortLinkTarget(deps, req.params.code);
          if (target === null) {
            await deps.throttle.record(SHORT_LINK_MISSES, ip);
            return notFoundPage(reply.code(404));
          }
          const query = req.url.indexOf('?');
          const location = `${prefix}${target}${query === -1 ? '' : req.url.slice(query)}`;
          // 302, not 301: the link keeps working when its page's slug changes.
          return reply.header('cache-control', 'no-store').redirect(location, 302);
        },
      );
    }
  };
}
