import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  'x-api-key-permission'?: string;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  info: { version: string };
  security: Record<string, string[]>[];
  components: { securitySchemes: Record<string, Record<string, string>> };
}

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path: path.replace(/^\/api\/v1/, ''), method, op })),
  );

describe('OpenAPI document', () => {
  it('is generated from the route schemas and committed as docs/api/openapi.json', async () => {
    // Regenerate after changing routes: npx vitest run --project server src/openapi.test.ts -u
    const doc = t.app.swagger() as { paths: Record<string, unknown>; info: { version: string } };
    expect(Object.keys(doc.paths)).toContain('/api/v1/auth/login/');
    await expect(
      `${JSON.stringify({ ...doc, info: { ...doc.info, version: '0.1.0' } }, null, 2)}\n`,
    ).toMatchFileSnapshot('../../../docs/api/openapi.json');
  });

  it('names how each route is called: public, session only, or session or API key with its permission', () => {
    const doc = t.app.swagger() as unknown as Doc;
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const all = operations(doc);
    const keyed = all.filter((o) => o.op['x-api-key-permission'] !== undefined);
    for (const { path, method, op } of keyed) {
      const permission = op['x-api-key-permission'] ?? '';
      expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
      expect(permission).toMatch(method === 'get' ? /^\w+:read$/ : /^\w+:write$/);
      expect(op.description).toContain(`API key permission: \`${permission}\``);
    }
    const permissionOf = (method: string, path: string) =>
      all.find((o) => o.method === method && o.path === path)?.op['x-api-key-permission'];
    expect(permissionOf('get', '/leads/')).toBe('leads:read');
    expect(permissionOf('post', '/leads/')).toBe('leads:write');
    expect(permissionOf('post', '/leads/{id}/convert_to_client/')).toBe('clients:write');
    expect(permissionOf('get', '/events/{id}/leads/')).toBe('events:read');
    expect(permissionOf('get', '/offers/')).toBe('offers:read');
    expect(permissionOf('get', '/clients/')).toBe('clients:read');
    expect(permissionOf('get', '/analytics/dashboard/overview/')).toBe('analytics:read');
    // Never a key: the key routes, billing, the team, the account.
    for (const path of [
      '/auth/api-keys/',
      '/auth/api-keys/{id}/regenerate/',
      '/billing/subscriptions/',
      '/auth/team/members/',
      '/auth/me/',
    ]) {
      for (const { op } of all.filter((o) => o.path === path)) {
        expect(op['x-api-key-permission'], path).toBeUndefined();
        expect(op.security, path).toBeUndefined();
      }
    }
    // Public routes need nothing.
    const login = all.find((o) => o.method === 'post' && o.path === '/auth/login/');
    expect(login?.op.security).toEqual([]);
    // Every operation has an id of its own.
    const ids = all.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
