import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { robotsTxt, sitemapXml } from './site.service.ts';

/** /sitemap.xml and /robots.txt (03-decisions §4d): documents, not the API, so no envelope. */
export function siteRoutes(deps: AppDeps) {
  const sitemap = sitemapXml(deps.config.publicUrl);
  const robots = robotsTxt(deps.config.publicUrl);
  return async (app: FastifyInstance) => {
    app.get('/sitemap.xml', { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
    );
    app.get('/robots.txt', { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
  };
}
