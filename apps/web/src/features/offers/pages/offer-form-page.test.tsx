import { createFormField } from '@leadcapture/contracts/form-fields';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, orgId } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { aLead, anOffer, leadId, offerId, page } from '../test/fixtures.ts';
import { OfferFormPage } from './offer-form-page.tsx';

// The whole builder renders through user-event on happy-dom: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    {/* Somewhere else in the app, to try leaving the builder by an in-app link. */}
    <Link to="/leads">Go to leads</Link>
    <Toaster />
  </>
);
const user = () => userEvent.setup({ delay: null });
const editPath = { path: '/offers/form/:id', url: `/offers/form/${offerId}` };

const svg = () =>
  new Response(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), {
    headers: {
      'content-type': 'image/svg+xml',
      'content-disposition': 'attachment; filename="free-booth-demo-qr.svg"',
    },
  });

/** The API of a healthy offer being edited; `changes` replace or add routes. */
function editServer(offer = anOffer(), changes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    [`GET /offers/${offerId}/`]: () => ok(offer),
    [`GET /offers/${offerId}/stats/`]: () =>
      ok({
        offer_id: offerId,
        days: 30,
        from: '2026-10-27',
        to: '2026-11-25',
        page_views: 40,
        submissions: 4,
        conversion_rate: 10,
        by_day: [],
        all_time: { page_views: 400, submissions: 50, conversion_rate: 12.5 },
      }),
    [`GET /offers/${offerId}/leads/`]: () => ok(page([])),
    'GET /offers/slug-availability/': () => ok({ slug: 'free-booth-demo', available: true }),
    [`GET /offers/${offerId}/qr-code/`]: svg,
    [`PATCH /offers/${offerId}/`]: (body) => ok({ ...offer, ...(body as Record<string, unknown>) }),
    [`GET /offers/${offerId}/assignment/`]: () => ok({ mode: 'none', user_ids: [] }),
    [`GET /offers/${offerId}/scoring_rules/`]: () => ok({ rules: [] }),
    [`GET /organizations/${orgId}/members/`]: () =>
      ok(
        page([
          {
            id: me.id,
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: 'ada@example.com',
            role: 'owner',
            is_active: true,
          },
        ]),
      ),
    ...changes,
  });
}

/** Full URLs the page fetched, for checking query strings (the fake server keys on the path). */
function fetchedUrls(): URL[] {
  return (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls.map(
    ([input]) => new URL(input, 'http://localhost'),
  );
}

beforeEach(() => {
  // happy-dom has no object URLs; the preview and the download only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:qr');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
  clearToasts();
});

describe('OfferFormPage: create', () => {
  it('sends the page settings and the form, publishing as active, and opens the new offer without asking', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /offers/slug-availability/': () => ok({ slug: 'booth-demo', available: true }),
      'POST /offers/': (body) => ok(anOffer({ ...(body as Record<string, unknown>) }), 201),
      [`GET /offers/${offerId}/`]: () => ok(anOffer()),
    });
    const { router } = await renderWithApp(withToasts(<OfferFormPage />), { path: '/offers/form' });
    const u = user();
    await u.type(await screen.findByLabelText(/^Title/), 'Free booth demo');
    await u.type(screen.getByLabelText(/^Page address/), 'booth-demo');
    await u.type(screen.getByLabelText('Success message'), 'Thanks!');
    await u.click(screen.getByLabelText('Require approval'));
    await u.click(screen.getByRole('switch', { name: 'Published' }));
    expect(screen.getByLabelText<HTMLSelectElement>(/^Status/).value).toBe('active');
    await u.click(screen.getByRole('button', { name: 'Create offer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/offers/form/${offerId}`));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    expect(server.bodies('POST /offers/')).toEqual([
      {
        title: 'Free booth demo',
        slug: 'booth-demo',
        description: '',
        success_message: 'Thanks!',
        consent_text: '',
        status: 'active',
        is_published: true,
        settings: { require_approval: true },
        form_fields: [],
      },
    ]);
  });

  it('leaves the slug to the server when empty and creates a draft by default', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /offers/': () => ok(anOffer(), 201),
      [`GET /offers/${offerId}/`]: () => ok(anOffer()),
    });
    await renderWithApp(withToasts(<OfferFormPage />), { path: '/offers/form' });
    const u = user();
    await u.type(await screen.findByLabelText(/^Title/), 'Free booth demo');
    await u.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(server.bodies('POST /offers/')).toHaveLength(1));
    const [body] = server.bodies('POST /offers/');
    expect(body).toMatchObject({ title: 'Free booth demo', status: 'draft', is_published: false });
    expect(body).not.toHaveProperty('slug');
  });

  it('checks the title with the contract before sending', async () => {
    const server = fakeServer({ 'GET /auth/me/': () => ok(me) });
    await renderWithApp(withToasts(<OfferFormPage />), { path: '/offers/form' });
    await user().click(await screen.findByRole('button', { name: 'Create offer' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(server.bodies('POST /offers/')).toHaveLength(0);
  });

  it('says a taken address on the field: live from slug-availability, and from the server’s 409', async () => {
    let available = false;
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /offers/slug-availability/': () => ok({ slug: 'booth-demo', available }),
      'POST /offers/': () => fail(409, 'CONFLICT', { slug: ['This slug is already taken'] }),
    });
    await renderWithApp(withToasts(<OfferFormPage />), { path: '/offers/form' });
    const u = user();
    await u.type(await screen.findByLabelText(/^Title/), 'Free booth demo');
    await u.type(screen.getByLabelText(/^Page address/), 'booth-demo');
    expect(await screen.findByText('This address is already taken')).toBeTruthy();
    expect(screen.getByLabelText(/^Page address/).getAttribute('aria-invalid')).toBe('true');
    const check = fetchedUrls().find((url) => url.pathname.endsWith('/offers/slug-availability/'));
    expect(check?.searchParams.get('slug')).toBe('booth-demo');

    // Free by the time it is checked again, taken by the time it is saved: the 409 lands on the field.
    available = true;
    await u.type(screen.getByLabelText(/^Page address/), '-x');
    expect(await screen.findByText('This address is free.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Create offer' }));
    expect(await screen.findByText('This address is already taken')).toBeTruthy();
    expect(server.bodies('POST /offers/')).toMatchObject([{ slug: 'booth-demo-x' }]);
  });
});

describe('OfferFormPage: edit', () => {
  it('loads the offer with its figures and leads, and saves the whole form with a PATCH', async () => {
    const server = editServer(
      anOffer({ form_fields: [createFormField('email', 'email', { label: 'Email', required: true })] }),
    );
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    const title = await screen.findByLabelText<HTMLInputElement>(/^Title/);
    expect(title.value).toBe('Free booth demo');
    const stats = screen.getByRole('region', { name: 'Figures of this offer' });
    expect(await within(stats).findByText('400')).toBeTruthy();
    expect(within(stats).getByText('12.5%')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeTruthy();
    // Its own address is its own: no availability question for it.
    expect(server.calls.some((c) => c.path === '/offers/slug-availability/')).toBe(false);

    await u.clear(title);
    await u.type(title, 'Booth demo');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Offer saved')).toBeTruthy();
    expect(server.bodies(`PATCH /offers/${offerId}/`)).toMatchObject([
      {
        title: 'Booth demo',
        slug: 'free-booth-demo',
        status: 'draft',
        is_published: false,
        form_fields: [{ id: 'email', type: 'email', label: 'Email', required: true }],
      },
    ]);
  });

  it('assigns and scores the offer’s captures like an event’s, through the offer’s own calls', async () => {
    const timeline = createFormField('select', 'timeline', {
      label: 'When are you buying?',
      options: ['Soon', 'Later'],
    });
    const server = editServer(anOffer({ form_fields: [timeline] }), {
      [`PUT /offers/${offerId}/assignment/`]: (body) => ok(body),
    });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    const card = await screen.findByRole('form', { name: 'Assignment of new leads' });
    expect(
      screen.getByText("Who a lead captured on this offer's page is assigned to, the moment it arrives."),
    ).toBeTruthy();
    await u.click(within(card).getByRole('radio', { name: /To one member/ }));
    await within(card).findByRole('option', { name: 'Ada Lovelace' });
    await u.selectOptions(within(card).getByRole('combobox', { name: /Member/ }), me.id);
    await u.click(within(card).getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Assignment saved')).toBeTruthy();
    expect(server.bodies(`PUT /offers/${offerId}/assignment/`)).toEqual([{ mode: 'fixed', user_ids: [me.id] }]);
    expect(await screen.findByRole('form', { name: 'Scoring from answers' })).toBeTruthy();
    expect(server.calls.some((c) => c.path === `/offers/${offerId}/scoring_rules/`)).toBe(true);
  });

  it('publishing a draft activates it in the same request; a draft status takes publishing down', async () => {
    const server = editServer();
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    const published = await screen.findByRole('switch', { name: 'Published' });
    expect(published.getAttribute('aria-checked')).toBe('false');
    await u.click(published);
    expect(published.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Status/).value).toBe('active');
    expect(screen.getByText('Publishing also makes the offer active.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.bodies(`PATCH /offers/${offerId}/`)).toHaveLength(1));
    expect(server.bodies(`PATCH /offers/${offerId}/`)[0]).toMatchObject({ status: 'active', is_published: true });

    await u.selectOptions(screen.getByLabelText(/^Status/), 'archived');
    expect(published.getAttribute('aria-checked')).toBe('false');
  });

  it('shows the server’s 409 on publishing on the Published field', async () => {
    editServer(anOffer({ status: 'active' }), {
      [`PATCH /offers/${offerId}/`]: () =>
        fail(409, 'CONFLICT', { is_published: ['Only an active offer can be published; activate it first'] }),
    });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    await u.click(await screen.findByRole('switch', { name: 'Published' }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Only an active offer can be published; activate it first')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Published' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a field only after the builder’s confirmation, and saves the form without it', async () => {
    const server = editServer(
      anOffer({
        form_fields: [
          createFormField('text', 'company', { label: 'Company' }),
          createFormField('email', 'email', { label: 'Email', required: true }),
        ],
      }),
    );
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Remove Email' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this field?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Remove Email' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Remove Email' }));
    await u.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove this field?' })).getByRole('button', {
        name: 'Remove field',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Email' })).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.bodies(`PATCH /offers/${offerId}/`)).toHaveLength(1));
    expect(server.bodies(`PATCH /offers/${offerId}/`)[0]).toMatchObject({
      form_fields: [{ id: 'company', label: 'Company' }],
    });
  });

  it('asks before leaving with unsaved changes: stay keeps the page, leave goes; after saving it does not ask', async () => {
    editServer();
    const { router } = await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    const title = await screen.findByLabelText(/^Title/);

    await u.type(title, ' 2');
    await u.click(screen.getByRole('link', { name: 'Go to leads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await u.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
    expect(router.state.location.pathname).toBe(`/offers/form/${offerId}`);
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Free booth demo 2');

    await u.click(screen.getByRole('link', { name: 'Go to leads' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
  });

  it('lets an untouched builder go without asking, and shows viewers a read-only builder', async () => {
    editServer(
      anOffer({
        form_fields: [createFormField('select', 'size', { label: 'Company size', options: ['Small', 'Large'] })],
      }),
    );
    const first = await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    await screen.findByLabelText(/^Title/);
    await u.click(screen.getByRole('link', { name: 'Go to leads' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/leads'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    first.unmount();

    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    editServer(anOffer(), { 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    expect((await screen.findByLabelText<HTMLInputElement>(/^Title/)).disabled).toBe(true);
    expect(screen.getByRole('switch', { name: 'Published' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('does not ask after a successful save, and warns on tab close only while changes are unsaved', async () => {
    editServer();
    const { router } = await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const title = await screen.findByLabelText(/^Title/);
    expect(unload()).toBe(false);
    await u.type(title, ' 2');
    expect(unload()).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Offer saved')).toBeTruthy();
    await waitFor(() => expect(unload()).toBe(false));
    await u.click(screen.getByRole('link', { name: 'Go to leads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('lists the offer’s leads, linked to their pages, and approves a pending one', async () => {
    const server = editServer(anOffer({ settings: { require_approval: true } }), {
      [`GET /offers/${offerId}/leads/`]: () => ok(page([aLead()])),
      [`POST /leads/${leadId}/approve/`]: () => ok(aLead({ approval_status: 'approved' })),
    });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    const table = await screen.findByRole('table', { name: 'Leads from Free booth demo' });
    expect(screen.getByText(/This offer requires approval/)).toBeTruthy();
    const row = within(table).getByRole('row', { name: /Vera Berg/ });
    expect(within(row).getByRole('link', { name: 'Vera Berg' }).getAttribute('href')).toBe(`/leads/${leadId}`);
    expect(within(row).getByText('Pending approval')).toBeTruthy();
    await u.click(within(row).getByRole('button', { name: 'Approve Vera Berg' }));
    expect(await screen.findByText('Vera Berg approved')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST' && c.path === `/leads/${leadId}/approve/`)).toBe(true);
  });

  it('shows the QR code from the offer’s qr-code endpoint, downloads PNG and SVG, and copies the URL', async () => {
    editServer(anOffer({ status: 'active', is_published: true }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const u = user();
    const writeText = vi.fn(() => Promise.resolve());
    // After setup(): user-event installs its own clipboard stub there.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    await u.click(await screen.findByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    const image = await within(dialog).findByRole('img', { name: 'QR code for Free booth demo' });
    expect(image.getAttribute('src')).toBe('blob:qr');
    // The code opens the short link.
    expect(within(dialog).getByText('The code opens http://localhost:3000/p/o4k7m2x9q0z1')).toBeTruthy();
    const shown = fetchedUrls().find((url) => url.pathname === `/api/v1/offers/${offerId}/qr-code/`);
    expect(shown?.searchParams.get('format')).toBe('svg');

    await u.click(within(dialog).getByRole('button', { name: 'Download PNG' }));
    // Saved under the server's filename (this fake answers every format with the SVG's).
    await waitFor(() => expect(saved).toEqual(['free-booth-demo-qr.svg']));
    const png = fetchedUrls().find((url) => url.searchParams.get('format') === 'png');
    expect(png?.pathname).toBe(`/api/v1/offers/${offerId}/qr-code/`);

    await u.click(within(dialog).getByRole('button', { name: 'Copy the public URL' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/show/free-booth-demo');
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('says "Failed to download QR code" when the download fails', async () => {
    editServer(anOffer(), {
      // A 403 is not retried, so the failure shows at once.
      [`GET /offers/${offerId}/qr-code/`]: () => fail(403, 'PERMISSION_DENIED'),
    });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    expect(within(dialog).getByText(/not public yet/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Download SVG' }));
    expect(await screen.findByText('Failed to download QR code')).toBeTruthy();
  });

  it('prints a sheet with the code, the title and the URL', async () => {
    editServer();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print the QR code' });
    expect(within(dialog).getByRole('heading', { name: 'Free booth demo' })).toBeTruthy();
    expect(within(dialog).getByText('http://localhost:3000/p/o4k7m2x9q0z1')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'QR code for Free booth demo' })).toBeTruthy();
    // The printed copy sits outside the dialog, straight under <body>, for the print stylesheet.
    const sheet = document.querySelector('body > [data-print-sheet]');
    expect(sheet?.textContent).toContain('Free booth demo');
    await u.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says "Failed to load offer" with a retry, and "not found" for a missing offer', async () => {
    editServer(anOffer(), { [`GET /offers/${offerId}/`]: () => fail(500, 'INTERNAL') });
    const first = await renderWithApp(withToasts(<OfferFormPage />), editPath);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load offer');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    first.unmount();

    editServer(anOffer(), { [`GET /offers/${offerId}/`]: () => fail(404, 'NOT_FOUND') });
    await renderWithApp(withToasts(<OfferFormPage />), editPath);
    const missing = await screen.findByRole('alert');
    expect(missing.textContent).toContain('This offer does not exist or was deleted.');
    expect(within(missing).getByRole('link', { name: 'Back to offers' }).getAttribute('href')).toBe('/offers');
  });
});
