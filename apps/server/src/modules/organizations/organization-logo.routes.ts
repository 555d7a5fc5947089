import { idParamsSchema } from '@leadcapture/contracts/fields';
import { organizationSchema } from '@leadcapture/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, tenantRunner } from '../../http/tenant.ts';
import { readUpload, registerUploads, uploadDocs } from '../files/files.service.ts';
import * as orgs from './organizations.service.ts';

const tags = ['organizations'];

/**
 * /organizations/{id}/logo/: a plugin of its own because it registers the multipart parser,
 * which the JSON routes of organizations.routes.ts must not accept.
 */
export function organizationLogoRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    await registerUploads(instance);
    const app = typed(instance);

    app.post(
      '/:id/logo/',
      {
        schema: {
          tags,
          summary: 'Upload the organisation’s logo (owner, admin); logo_url becomes its public address',
          params: idParamsSchema,
          ...uploadDocs,
          response: okResponse(organizationSchema),
        },
      },
      async (req) =>
        ok(await orgs.setLogo(deps, tenantRunner(deps, req, req.params.id), requestMeta(req), () => readUpload(req))),
    );

    app.delete(
      '/:id/logo/',
      {
        schema: {
          tags,
          summary: 'Remove the organisation’s logo (owner, admin)',
          params: idParamsSchema,
          response: okResponse(organizationSchema),
        },
      },
      async (req) => ok(await orgs.removeLogo(deps, tenantRunner(deps, req, req.params.id), requestMeta(req))),
    );
  };
}
