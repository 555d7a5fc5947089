import { createFormField } from '@leadcapture/contracts/form-fields';
import { IDEMPOTENCY_KEY_HEADER } from '@leadcapture/contracts/public-capture';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, NETWORK_ERROR, ok, publicOffer, stubCaptureApi } from '../test/capture-fetch.ts';
import type { Language } from '../i18n/language.ts';
import en from './locales/en.json';
import sv from './locales/sv.json';
import { OfferPage } from './offer-page.tsx';

const OFFER = 'GET /public/offers/starter-kit/';
const SUBMIT = 'POST /public/offers/starter-kit/submit/';
const VIEWS = 'POST /public/offers/starter-kit/views/';
const seats = createFormField('number', 'seats', { label: 'How many seats?', required: true });

function show(language: Language = 'en', search = '?src=qr') {
  return render(
    <OfferPage
      slug="starter-kit"
      language={language}
      pathname={language === 'sv' ? '/sv/show/starter-kit' : '/show/starter-kit'}
      search={search}
      referrer=""
    />,
  );
}

async function fillStandard(user: ReturnType<typeof userEvent.setup>, catalogue: typeof en = en) {
  await user.type(screen.getByRole('textbox', { name: catalogue['field.first_name'] }), 'Anna');
  await user.type(screen.getByRole('textbox', { name: catalogue['field.last_name'] }), 'Lind');
  await user.type(screen.getByRole('textbox', { name: catalogue['field.company'] }), 'Lind & Co');
  await user.type(screen.getByRole('textbox', { name: catalogue['field.email'] }), 'anna@example.com');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the offer page', () => {
  it('shows the offer, counts one view and submits to the offer with an Idempotency-Key and the QR source', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [OFFER]: ok(publicOffer({}, [seats])),
      [VIEWS]: ok({ counted: true }),
      [SUBMIT]: ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Free trade-show starter kit' })).toBeTruthy();
    expect(screen.getByText(/Everything you need for your first fair/)).toBeTruthy();
    expect(screen.getByText('Offered by Fjord AB')).toBeTruthy();
    // Set by an effect after the render that shows the heading.
    await waitFor(() => expect(document.title).toBe('Free trade-show starter kit - LeadCapture'));
    expect(api.of(VIEWS)).toHaveLength(1);

    await fillStandard(user);
    await user.type(screen.getByLabelText(/How many seats/), '3');
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect(await screen.findByRole('heading', { name: en['thanks.title'] })).toBeTruthy();
    expect(screen.getByText(/within 1 business day/)).toBeTruthy();
    const [call] = api.of(SUBMIT);
    expect(call?.body).toMatchObject({
      first_name: 'Anna',
      email: 'anna@example.com',
      responses: { seats: 3 },
      source: 'qr_scan',
      language: 'en',
    });
    expect(call?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("thanks in the offer's own words when it has them, and says when the submission waits for approval", async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [OFFER]: ok(publicOffer({ success_message: 'Your kit is on its way!' })),
      [VIEWS]: ok({ counted: true }),
      [SUBMIT]: [
        ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
        ok({ id: '00000000-0000-4000-8000-0000000000a2', status: 'pending_approval' }, 201),
      ],
    });
    show();
    await screen.findByRole('button', { name: en['form.submit'] });
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect(await screen.findByText('Your kit is on its way!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: en['thanks.another'] }));
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect(await screen.findByRole('heading', { name: en['pending.title'] })).toBeTruthy();
  });

  it('shows "This offer was not found or is no longer available" for every offer that is not public', async () => {
    const api = stubCaptureApi({ [OFFER]: fail(404, 'NOT_FOUND') });
    show('sv');
    expect(await screen.findByRole('heading', { level: 1, name: sv['offerNotFound.title'] })).toBeTruthy();
    expect(screen.getByText(sv['offerNotFound.message'])).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(sv['meta.offerNotFoundTitle']));
    expect(api.of(VIEWS)).toHaveLength(0);
  });

  it('says "Failed to load offer" with the network wording and a retry when the offer cannot be read', async () => {
    const user = userEvent.setup();
    stubCaptureApi({ [OFFER]: [NETWORK_ERROR, NETWORK_ERROR, ok(publicOffer())], [VIEWS]: ok({ counted: true }) });
    show();
    expect(
      await screen.findByRole('heading', { level: 1, name: en['offerLoadError.title'] }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en['error.network']);
    await user.click(screen.getByRole('button', { name: en['error.retry'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Free trade-show starter kit' })).toBeTruthy();
  });

  it('keeps the answers and shows the server-error wording when a submission fails', async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [OFFER]: ok(publicOffer()),
      [VIEWS]: ok({ counted: true }),
      [SUBMIT]: fail(500, 'INTERNAL_ERROR'),
    });
    show();
    await screen.findByRole('button', { name: en['form.submit'] });
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(en['error.server']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: en['field.first_name'] }).value).toBe('Anna');
  });
});
