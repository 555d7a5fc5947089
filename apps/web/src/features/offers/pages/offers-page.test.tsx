import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anOffer, offerId, page } from '../test/fixtures.ts';
import { OffersPage } from './offers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);
/** Every URL fetched so far, query included (the fake server records paths only). */
const fetchedUrls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };

describe('OffersPage', () => {
  it('lists offers with status, published flag and figures, and keeps search and status in the URL', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /offers/': () => ok(page([anOffer({ status: 'active', is_published: true })])),
    });
    const { router } = await renderWithApp(withToasts(<OffersPage />), { path: '/offers' });
    const table = await screen.findByRole('table', { name: 'Offers' });
    const row = within(table).getByRole('row', { name: /Free booth demo/ });
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Published')).toBeTruthy();
    expect(within(row).getByText('200')).toBeTruthy();
    expect(within(row).getByText('25')).toBeTruthy();
    expect(within(row).getByText('12.5%')).toBeTruthy();
    expect(within(row).getByText('http://localhost:3000/show/free-booth-demo')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Free booth demo' }).getAttribute('href')).toBe(
      `/offers/form/${offerId}`,
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'archived');
    expect(router.state.location.search).toBe('?status=archived');
    await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'demo');
    expect(router.state.location.search).toContain('search=demo');
    await vi.waitFor(() => {
      const last = server.calls.filter((c) => c.path === '/offers/').at(-1);
      expect(last).toBeTruthy();
    });
    const lastUrl = fetchedUrls()
      .filter((u) => u.includes('/offers/?'))
      .at(-1);
    expect(lastUrl).toContain('status=archived');
    expect(lastUrl).toContain('search=demo');
  });

  it('reads the filters from the URL and shows Draft and Unpublished', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /offers/': () => ok(page([anOffer()])) });
    await renderWithApp(<OffersPage />, { path: '/offers', url: '/offers?status=draft&search=booth' });
    const row = await screen.findByRole('row', { name: /Free booth demo/ });
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('Unpublished')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('draft');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search offers' }).value).toBe('booth');
    const urls = fetchedUrls();
    expect(urls.some((u) => u.includes('/offers/?') && u.includes('status=draft') && u.includes('search=booth'))).toBe(
      true,
    );
  });

  it('guides to the first offer when there are none, and hides writing from viewers', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /offers/': () => ok(page([])) });
    const first = await renderWithApp(<OffersPage />, { path: '/offers' });
    expect(await screen.findByRole('heading', { name: 'No offers yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first offer' }).getAttribute('href')).toBe('/offers/form');
    first.unmount();

    fakeServer({ 'GET /auth/me/': () => ok(viewer), 'GET /offers/': () => ok(page([])) });
    await renderWithApp(<OffersPage />, { path: '/offers' });
    expect(await screen.findByRole('heading', { name: 'No offers yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create/ })).toBeNull();
  });

  it('activates, archives and duplicates from the row menu', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /offers/': () => ok(page([anOffer()])),
      [`POST /offers/${offerId}/activate/`]: () => ok(anOffer({ status: 'active' })),
      [`POST /offers/${offerId}/duplicate/`]: () =>
        ok(anOffer({ id: '00000000-0000-4000-8000-0000000000f2', title: 'Free booth demo (copy)' }), 201),
    });
    await renderWithApp(withToasts(<OffersPage />), { path: '/offers' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Offers' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Free booth demo' }));
    // A draft can be activated and archived, not both at once once it is active.
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toBeTruthy();
    await user.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    expect(await screen.findByText('Free booth demo is now active')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Actions for Free booth demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Copy created: Free booth demo (copy)')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/offers/${offerId}/activate/`,
      `/offers/${offerId}/duplicate/`,
    ]);
  });

  it('deletes an offer only after confirmation, and says "Delete failed" when it fails', async () => {
    let answer = () => fail(500, 'INTERNAL');
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /offers/': () => ok(page([anOffer()])),
      [`DELETE /offers/${offerId}/`]: () => answer(),
    });
    await renderWithApp(withToasts(<OffersPage />), { path: '/offers' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Offers' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Free booth demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this offer?' });
    expect(server.bodies(`DELETE /offers/${offerId}/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete offer' }));
    expect(await screen.findByText('Delete failed')).toBeTruthy();

    answer = () => ok({ detail: 'Offer deleted' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete offer' }));
    expect(await screen.findByText('Free booth demo was deleted')).toBeTruthy();
    expect(server.bodies(`DELETE /offers/${offerId}/`)).toHaveLength(2);
  });

  it('speaks Swedish under /sv', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /offers/': () => ok(page([anOffer()])) });
    await renderWithApp(<OffersPage />, { language: 'sv', path: '/sv/offers' });
    const table = await screen.findByRole('table', { name: 'Erbjudanden' });
    const row = within(table).getByRole('row', { name: /Free booth demo/ });
    expect(within(row).getByText('Utkast')).toBeTruthy();
    expect(within(row).getByText('Opublicerat')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Free booth demo' }).getAttribute('href')).toBe(
      `/sv/offers/form/${offerId}`,
    );
  });

  it('says "Failed to load offers" and retries', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /offers/': () => fail(404, 'NOT_FOUND') });
    await renderWithApp(<OffersPage />, { path: '/offers' });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load offers');
  });
});
