import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { preloadPageStrings, titleNamespaces } from './page-strings.ts';
import type { AppT, RouteHandle } from './routes.tsx';

const title = (page: (t: AppT) => string): RouteHandle => ({ title: page });

describe('titleNamespaces', () => {
  it('names the namespaces the titles read, once each', () => {
    const handles = [
      undefined,
      { something: 'else' },
      title((t) => t('settings:profile.metaTitle')),
      title((t) => `${t('settings:hub.metaTitle')} / ${t('legal:terms.metaTitle')}`),
    ];
    expect(titleNamespaces(handles)).toEqual(['settings', 'legal']);
  });

  it("adds the namespaces a page's handle names besides its title's", () => {
    const handle = { ...title((t) => t('events:form.createTitle')), namespaces: ['builder'] };
    expect(titleNamespaces([handle])).toEqual(['events', 'builder']);
  });

  it("adds a layout's namespaces, which has no title", () => {
    const handles = [{ namespaces: ['notifications'] }, title((t) => t('dashboard:metaTitle'))];
    expect(titleNamespaces(handles)).toEqual(['notifications', 'dashboard']);
  });

  it('ignores keys of the default namespace', () => {
    expect(titleNamespaces([title((t) => t('meta.defaultTitle'))])).toEqual([]);
  });
});

describe('preloadPageStrings', () => {
  it('loads the namespace of the first page, and of each page the router goes to, in its language', async () => {
    await initI18n('en');
    const page = { Component: () => null };
    const router = createMemoryRouter(
      [
        { path: '/sv/villkor', handle: title((t) => t('legal:terms.metaTitle')), ...page },
        { path: '/support', handle: title((t) => t('support:contact.metaTitle')), ...page },
        { path: '/', ...page },
      ],
      { initialEntries: ['/support'] },
    );
    preloadPageStrings(router);
    await expect.poll(() => i18n.hasResourceBundle('en', 'support')).toBe(true);
    expect(i18n.hasResourceBundle('sv', 'legal')).toBe(false);

    await router.navigate('/sv/villkor');
    await expect.poll(() => i18n.hasResourceBundle('sv', 'legal')).toBe(true);
  });
});
