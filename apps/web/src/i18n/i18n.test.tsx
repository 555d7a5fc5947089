import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { coreNamespaces, i18n, initI18n, loadNamespaces } from './i18n.ts';

function DashboardHeading() {
  const { t } = useTranslation('dashboard');
  return <h1>{t('metaTitle')}</h1>;
}

describe('i18n namespaces', () => {
  it('starts with the core namespaces of the language only', async () => {
    await initI18n('sv');
    for (const namespace of coreNamespaces) expect(i18n.hasResourceBundle('sv', namespace)).toBe(true);
    // The terms of service are not part of every page's download.
    expect(i18n.hasResourceBundle('sv', 'legal')).toBe(false);
    await initI18n('en');
  });

  it('loads a namespace when a component first asks for it, showing the text once it is there', async () => {
    await initI18n('en');
    expect(i18n.hasResourceBundle('en', 'dashboard')).toBe(false);
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <DashboardHeading />
        </Suspense>
      </I18nextProvider>,
    );
    // Never the raw key: the component waits for its strings.
    expect(screen.queryByRole('heading', { name: 'metaTitle' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Dashboard');
  });

  it('preloads namespaces once, and rejects one that does not exist', async () => {
    await loadNamespaces('sv', ['billing', 'billing']);
    expect(i18n.hasResourceBundle('sv', 'billing')).toBe(true);
    await expect(loadNamespaces('en', ['no-such-namespace'])).rejects.toThrow('No strings for en/no-such-namespace');
  });
});
