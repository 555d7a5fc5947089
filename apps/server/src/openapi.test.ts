import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('is generated from the route schemas and committed as docs/api/openapi.json', async () => {
    // Regenerate after changing routes: npx vitest run --project server src/openapi.test.ts -u
    const doc = t.app.swagger() as { paths: Record<string, unknown>; info: { version: string } };
    expect(Object.keys(doc.paths)).toContain('/api/v1/auth/login/');
    await expect(
      `${JSON.stringify({ ...doc, info: { ...doc.info, version: '0.1.0' } }, null, 2)}\n`,
    ).toMatchFileSnapshot('../../../docs/api/openapi.json');
  });
});
