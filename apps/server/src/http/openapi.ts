import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiKeyPermissionFor } from '@leadcapture/contracts/api-keys';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

/**
 * How each route is called, for the document: public routes need nothing; routes that take API
 * keys (http/api-key-access.ts) list both schemes and name the key permission they need, in the
 * description and as `x-api-key-permission`; every other route needs a signed-in session.
 * Also an operationId per operation, from its method and path (`getLeadsById`), for generated
 * clients.
 */
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const { route } = input;
  const schema: Record<string, unknown> = { ...out.schema };
  if (typeof route.method === 'string') schema.operationId = operationIdOf(route.method, out.url);
  const config = route.config;
  if (config?.public === true) {
    schema.security = [];
  } else if (config?.apiKey !== undefined && typeof route.method === 'string') {
    const permission = apiKeyPermissionFor(config.apiKey, route.method);
    schema.security = [{ bearerAuth: [] }, { apiKeyAuth: [] }];
    schema['x-api-key-permission'] = permission;
    const line = `API key permission: \`${permission}\`.`;
    schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${line}` : line;
  }
  return { schema, url: out.url };
};

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** `GET /api/v1/leads/{id}/notes/` -> `getLeadsByIdNotes`. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      return param?.[1] ? `By${pascal(param[1])}` : pascal(segment);
    });
  return `${method.toLowerCase()}${parts.join('')}`;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Makes the generated schemas valid OpenAPI 3.0 where the zod-to-OpenAPI conversion leaves
 * shapes the specification does not allow (found by `redocly lint`, which CI runs on the
 * committed document):
 * - `nullable` without a `type` beside it (a nullable union): the union's common type is named,
 *   or else each branch carries `nullable` itself;
 * - an `anyOf`/`oneOf` of one schema: that schema;
 * - a record with known keys (`z.record(z.enum(…), …)`) lists them as `required` with no
 *   `properties`: the properties are given, with the record's value schema.
 */
function tidySchema(node: Node): void {
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    const branches = node[combinator];
    if (Array.isArray(branches) && branches.length === 1 && isNode(branches[0])) {
      const [only] = branches as [Node];
      if (Object.keys(only).every((key) => !(key in node) || key === combinator)) {
        node[combinator] = undefined;
        Object.assign(node, only);
      }
    }
  }
  if (node.nullable === true && node.type === undefined) {
    const branches = [node.anyOf, node.oneOf].find(Array.isArray) as unknown[] | undefined;
    if (branches) {
      const types = new Set(branches.map((b) => (isNode(b) ? b.type : undefined)));
      const [only] = [...types];
      if (types.size === 1 && typeof only === 'string') node.type = only;
      else {
        for (const b of branches) if (isNode(b)) b.nullable = true;
        delete node.nullable;
      }
    }
  }
  if (Array.isArray(node.required) && isNode(node.additionalProperties)) {
    const properties = isNode(node.properties) ? node.properties : {};
    for (const name of node.required) {
      if (typeof name === 'string' && !(name in properties)) properties[name] = { ...node.additionalProperties };
    }
    node.properties = properties;
  }
}

function walk(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item);
    return;
  }
  if (!isNode(value)) return;
  for (const child of Object.values(value)) walk(child);
  tidySchema(value);
}

const transformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const doc = document.openapiObject as Node;
  walk(doc.paths);
  walk(doc.components);
  return doc;
};

/**
 * The OpenAPI document, generated from the routes' contract schemas, and its pages at
 * `<prefix>/docs/` (JSON at `<prefix>/docs/json`, committed as docs/api/openapi.json and linted
 * with redocly in `npm run lint`).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config, apiPrefix: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LeadCapture API',
        version: config.version,
        description: [
          'Every JSON answer is the envelope of 03-decisions §2.',
          '',
          'Authenticate with a session access token (`Authorization: Bearer <access JWT>`) or, on the routes that',
          'list it, an API key (`X-API-Key: lc_live_…`, or `Authorization: Bearer lc_live_…`). Each such route names',
          'the key permission it needs (`x-api-key-permission`): `<resource>:read` for GET, `<resource>:write`',
          'otherwise. A key never acts beyond its creator’s current role; requests per key are rate limited',
          '(429 with Retry-After and X-RateLimit-* headers).',
        ].join('\n'),
      },
      // Relative: the document is served by, and describes, the server it comes from (PUBLIC_URL).
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session access token.' },
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'An API key (Settings → API keys); also accepted as `Authorization: Bearer lc_live_…`.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: `${apiPrefix}/docs`,
    staticCSP: true,
    // Keep the docs page usable over plain HTTP and as unframeable as the rest of the app.
    transformStaticCSP: (header) =>
      header.replace(/upgrade-insecure-requests;?\s*/g, '').replace(/frame-ancestors [^;]*/g, "frame-ancestors 'none'"),
  });
}
