import { helpArticleList } from '@leadcapture/contracts/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('/sitemap.xml and /robots.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://leads.example.com' } });
  });
  afterAll(() => t.close());

  it('lists the landing page, the help centre and the legal pages in both languages with hreflang', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = 'https://leads.example.com';
    for (const path of ['/', '/help', '/help/billing', '/terms', '/privacy', '/contact']) {
      expect(locs).toContain(`${base}${path}`);
      expect(locs).toContain(`${base}${path === '/' ? '/sv' : `/sv${path}`}`);
    }
    for (const { category, slug } of helpArticleList()) {
      expect(locs).toContain(`${base}/help/${category}/${slug}`);
      expect(locs).toContain(`${base}/sv/help/${category}/${slug}`);
    }
    // 5 pages + 6 categories + the articles, twice; nothing of the signed-in app.
    expect(locs).toHaveLength((5 + 6 + helpArticleList().length) * 2);
    expect(locs.some((loc) => /^\/(sv\/)?(dashboard|leads|settings|api)\b/.test((loc ?? '').slice(base.length)))).toBe(
      false,
    );
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="sv" href="https://leads.example.com/sv/help/billing/held-leads"/>',
    );
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('lets crawlers read the public pages, keeps them out of the app and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /sv/settings');
    expect(lines).toContain('Sitemap: https://leads.example.com/sitemap.xml');
    expect(lines.some((line) => line === 'Disallow: /help' || line === 'Disallow: /')).toBe(false);
  });

  it('answers HEAD as well', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
  });
});
