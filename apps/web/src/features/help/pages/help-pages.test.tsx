import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { helpLoader } from '../help-loader.ts';
import { HelpArticlePage } from './help-article-page.tsx';
import { HelpHomePage } from './help-home-page.tsx';
import { MarkdownArticle } from '../components/markdown-article.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('HelpArticlePage', () => {
  it('renders the Markdown: headings with anchors and a table of contents', async () => {
    fakeServer({});
    await renderWithApp(<HelpArticlePage />, {
      path: '/help/:category/:article',
      url: '/help/security/account-security',
      loader: helpLoader,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keep your account secure' })).toBeTruthy();
    const section = screen.getByRole('heading', { level: 2, name: 'Two-factor authentication' });
    expect(section.id).toBe('two-factor-authentication');
    const toc = screen.getAllByRole('navigation', { name: /On this page/ })[0];
    expect(toc).toBeDefined();
    if (!toc) return;
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#passwords', '#sign-in-protection', '#sessions', '#two-factor-authentication']);
  });

  it('renders tables and breadcrumbs', async () => {
    fakeServer({});
    await renderWithApp(<HelpArticlePage />, {
      path: '/help/:category/:article',
      url: '/help/billing/plans-and-limits',
      loader: helpLoader,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans and limits' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Professional' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '1,000' })).toBeTruthy();
    // Breadcrumb back to the category and the help centre.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/help/billing');
  });

  it('shows the real screenshot of the page language with its alt text', async () => {
    fakeServer({});
    await renderWithApp(<HelpArticlePage />, {
      path: '/sv/help/:category/:article',
      url: '/sv/help/integrations/create-api-keys',
      language: 'sv',
      loader: helpLoader,
    });
    const image = await screen.findByRole('img', { name: 'Sidan för API-nycklar' });
    expect(image.getAttribute('src')).toMatch(/api-keys.*\.jpg$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Skapa API-nycklar' })).toBeTruthy();
  });

  it('records "Was this helpful?" on the server and thanks the reader, with a way to contact us', async () => {
    const server = fakeServer({ 'POST /help/feedback/': () => ok({ helpful: 3, not_helpful: 1 }, 201) });
    await renderWithApp(<HelpArticlePage />, {
      path: '/help/:category/:article',
      url: '/help/security/audit-log',
      loader: helpLoader,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'No' }));
    expect(await screen.findByText(/Thank you for telling us/)).toBeTruthy();
    expect(server.calls.map((call) => call.body)).toEqual([
      { category: 'security', article: 'audit-log', language: 'en', helpful: false },
    ]);
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Contact us' })[0]?.getAttribute('href')).toBe('/contact');
  });

  it('says so when the answer could not be stored, and lets the reader try again', async () => {
    fakeServer({ 'POST /help/feedback/': () => fail(429, 'RATE_LIMITED', { retry_after: 60 }) });
    await renderWithApp(<HelpArticlePage />, {
      path: '/help/:category/:article',
      url: '/help/security/audit-log',
      loader: helpLoader,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yes' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/many times/);
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
  });
});

describe('HelpHomePage', () => {
  it('lists the six categories and finds an article with a typo in Swedish as you type', async () => {
    fakeServer({});
    const { router } = await renderWithApp(<HelpHomePage />, { path: '/sv/help', language: 'sv', loader: helpLoader });
    for (const name of ['Kom igång', 'Hantera leads', 'Integrationer', 'Statistik', 'Säkerhet', 'Fakturering']) {
      expect(await screen.findByRole('link', { name })).toBeTruthy();
    }
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Sök i hjälpcentret' }), 'granskningslog');
    expect((await screen.findByRole('status')).textContent).toMatch(/matchar/);
    // The first match is the search result, above the categories' own lists.
    const hit = screen.getAllByRole('link', { name: /Granskningsloggen/ })[0];
    expect(hit?.getAttribute('href')).toBe('/sv/help/security/audit-log');
    expect(router.state.location.search).toBe('?q=granskningslog');
  });
});

describe('MarkdownArticle', () => {
  it('never turns HTML inside an article into markup, and keeps only safe link targets', async () => {
    const { container } = await renderWithApp(
      <MarkdownArticle
        language="en"
        tableLabel="Table"
        markdown={
          'Hi <script>window.pwned = 1</script><img src="x" onerror="window.pwned = 1">\n\n[bad](javascript:alert(1)) [help](/help/billing)'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(screen.getByRole('link', { name: 'help' }).getAttribute('href')).toBe('/help/billing');
  });
});
