import 'fake-indexeddb/auto';
import { createFormField } from '@leadcapture/contracts/form-fields';
import { IDEMPOTENCY_KEY_HEADER } from '@leadcapture/contracts/public-capture';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  NETWORK_ERROR,
  ok,
  publicEvent,
  ratingField,
  stubCaptureApi,
  topicField,
} from '../test/capture-fetch.ts';
import type { Language } from '../i18n/language.ts';
import { readQueue } from '../lib/offline-queue.ts';
import { replayQueue } from '../lib/sync-replay.ts';
import { CapturePage } from './capture-page.tsx';
import en from './locales/en.json';
import sv from './locales/sv.json';

const EVENT = 'GET /public/events/nordic-expo/';
const LEADS = 'POST /public/events/nordic-expo/leads/';
const VIEWS = 'POST /public/events/nordic-expo/views/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function show(language: Language = 'en', search = '?src=qr&utm_source=flyer&utm_campaign=spring') {
  const pathname = language === 'sv' ? '/sv/capture/nordic-expo' : '/capture/nordic-expo';
  return render(
    <CapturePage
      slug="nordic-expo"
      language={language}
      pathname={pathname}
      search={search}
      referrer="https://partner.example.com/fairs"
    />,
  );
}

/** The event is loaded and its form drawn (the submit button is its last control). */
async function formShown(catalogue: typeof en = en) {
  await screen.findByRole('button', { name: catalogue['form.submit'] });
}

async function fillStandard(user: ReturnType<typeof userEvent.setup>, catalogue: typeof en = en) {
  await user.type(screen.getByRole('textbox', { name: catalogue['field.first_name'] }), 'Anna');
  await user.type(screen.getByRole('textbox', { name: catalogue['field.last_name'] }), 'Lind');
  await user.type(screen.getByRole('textbox', { name: catalogue['field.company'] }), 'Lind & Co');
  await user.type(screen.getByRole('textbox', { name: catalogue['field.email'] }), ' Anna.Lind@Example.com ');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the capture page', () => {
  it('loads the event and shows its branding, the standard fields and the custom form', async () => {
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent({}, [topicField, ratingField])),
      [VIEWS]: ok({ counted: true }),
    });
    show();
    expect(screen.getByRole('status').textContent).toBe(en.loading);

    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Expo 2026' })).toBeTruthy();
    expect(screen.getByText('Hosted by Booth AB')).toBeTruthy();
    expect(screen.getByText(/Welcome to our stand!/)).toBeTruthy();
    expect(screen.getByText('Stockholmsmässan, hall C')).toBeTruthy();
    expect(screen.getByText(/May 1[24], 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'nordicexpo.example.com' })).toBeTruthy();
    // Written by an effect after the heading renders: on a loaded machine that can be a tick later.
    await waitFor(() => expect(document.title).toBe('Nordic Expo 2026 - LeadCapture'));
    await formShown();

    for (const name of ['first_name', 'last_name', 'company', 'email'] as const) {
      expect(screen.getByRole('textbox', { name: en[`field.${name}`] }).hasAttribute('required')).toBe(true);
    }
    expect(screen.getByRole('textbox', { name: en['field.phone'] }).hasAttribute('required')).toBe(false);
    expect(screen.getByRole('textbox', { name: en['field.email'] }).getAttribute('autocomplete')).toBe('email');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'How was our booth?' })).toBeTruthy();
    // No consent text on the event: no consent box.
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);

    // One page view, counted once the event is known.
    await waitFor(() => expect(api.of(VIEWS)).toHaveLength(1));
    // The event's colour is the accent, with readable text on it.
    const frame = document.querySelector<HTMLElement>('.capture-accent');
    expect(frame?.style.getPropertyValue('--form-accent')).toBe('#0e7490');
    expect(frame?.style.getPropertyValue('--form-accent-foreground')).toBe('#ffffff');
  });

  it("lays the form out as the builder previews it: the designer's heading first, each contact field once", async () => {
    // The review: the heading below the contact form, a phone field asked twice.
    const api = stubCaptureApi({
      [EVENT]: ok(
        publicEvent({}, [
          createFormField('heading', 'intro', { label: 'Tell us about you' }),
          createFormField('phone', 'mobile', { label: 'Mobile', required: true }),
          topicField,
        ]),
      ),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: ok({ id: '00000000-0000-4000-8000-00000000000a', status: 'received' }, 201),
    });
    show();
    await formShown();
    const details = screen.getByRole('region', { name: en['form.detailsTitle'] });
    const heading = screen.getByRole('heading', { name: 'Tell us about you' });
    expect(heading.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: new RegExp(en['field.phone']) })).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: /Mobile/ })).toBeNull();

    // The designer's required phone question is not asked, so it does not hold the visitor up.
    const user = userEvent.setup();
    await fillStandard(user);
    await user.selectOptions(
      screen.getByRole('combobox', { name: new RegExp(topicField.label) }),
      topicField.options[0] ?? '',
    );
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    await waitFor(() => expect(api.of(LEADS)).toHaveLength(1));
    expect(api.of(LEADS)[0]?.body).not.toHaveProperty('responses.mobile');
  });

  it('checks the answers before sending and lists what to correct, linked to the fields', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({ [EVENT]: ok(publicEvent({}, [topicField])), [VIEWS]: ok({ counted: true }) });
    show();
    await formShown();
    await user.type(screen.getByRole('textbox', { name: en['field.email'] }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));

    expect(api.of(LEADS)).toHaveLength(0);
    const summary = await screen.findByRole('heading', { name: en['form.errorSummary'] });
    const box = summary.parentElement as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(box));
    const links = within(box).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      `${en['field.first_name']}: ${en['validation.required']}`,
      `${en['field.last_name']}: ${en['validation.required']}`,
      `${en['field.company']}: ${en['validation.required']}`,
      `${en['field.email']}: ${en['validation.email']}`,
      `Topic: ${en['validation.required']}`,
    ]);
    const email = screen.getByRole('textbox', { name: en['field.email'] });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.click(links[3] as HTMLElement);
    expect(document.activeElement).toBe(email);

    // Fixing an answer clears its error at once.
    await user.clear(email);
    await user.type(email, 'anna@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the lead with attribution and one Idempotency-Key, thanks the visitor, and resets for the next one', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent({ consent_text: 'Send me news about Booth AB.' }, [topicField, ratingField])),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
    });
    show();
    await formShown();
    await fillStandard(user);
    await user.type(screen.getByRole('textbox', { name: en['field.job_title'] }), 'Buyer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Demo');
    await user.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send me news about Booth AB.' }));
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));

    const heading = await screen.findByRole('heading', { name: en['thanks.title'] });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/within 1 business day/).textContent).toBe(
      en['thanks.message'].replace('{organization}', 'Booth AB'),
    );

    const [sent] = api.of(LEADS);
    expect(sent?.body).toEqual({
      first_name: 'Anna',
      last_name: 'Lind',
      company: 'Lind & Co',
      email: 'anna.lind@example.com',
      job_title: 'Buyer',
      responses: { topic: 'Demo', booth: 4 },
      source: 'qr_scan',
      utm_source: 'flyer',
      utm_campaign: 'spring',
      referrer: 'https://partner.example.com/fairs',
      language: 'en',
      website_url: '',
      consent: true,
    });
    const firstKey = sent?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] ?? '';
    expect(firstKey).toMatch(UUID);

    // Kiosk mode: the next visitor gets an empty form and the first field.
    await user.click(screen.getByRole('button', { name: en['thanks.another'] }));
    const firstName = await screen.findByRole('textbox', { name: en['field.first_name'] });
    expect((firstName as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    await fillStandard(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Pricing');
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    await screen.findByRole('heading', { name: en['thanks.title'] });
    const second = api.of(LEADS)[1];
    expect(second?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toMatch(UUID);
    expect(second?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).not.toBe(firstKey);
    // Still one view: the views endpoint counts page loads.
    expect(api.of(VIEWS)).toHaveLength(1);
  }, 20_000);

  it('says when a registration waits for approval, and asks to confirm the email when the event verifies it', async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [EVENT]: ok(publicEvent({ email_verification: true })),
      [VIEWS]: ok({ counted: false }),
      [LEADS]: ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'pending_approval' }, 201),
    });
    show();
    await formShown();
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect(await screen.findByRole('heading', { name: en['pending.title'] })).toBeTruthy();
    expect(screen.getByText(/1 business day/)).toBeTruthy();
    expect(screen.getByText(en['thanks.checkEmail'].replace('{email}', 'anna.lind@example.com'))).toBeTruthy();
  });

  it('shows "event not found" for an unknown, draft, inactive or cancelled event (all 404)', async () => {
    const api = stubCaptureApi({ [EVENT]: fail(404, 'NOT_FOUND') });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: en['notFound.title'] })).toBeTruthy();
    expect(screen.getByText(en['notFound.message'])).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(en['meta.notFoundTitle']));
    expect(api.of(VIEWS)).toHaveLength(0);
  });

  it('retries a load that fails on the network once, then offers a retry with the catalogue wording', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: [NETWORK_ERROR, NETWORK_ERROR, ok(publicEvent())],
      [VIEWS]: ok({ counted: true }),
    });
    show();
    expect(
      await screen.findByRole('heading', { level: 1, name: en['loadError.title'] }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en['error.network']);
    expect(api.of(EVENT)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: en['error.retry'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Expo 2026' })).toBeTruthy();
    await formShown();
  });

  it('shows a server error with the catalogue wording', async () => {
    stubCaptureApi({ [EVENT]: fail(500, 'INTERNAL_ERROR') });
    show();
    await screen.findByRole('heading', { level: 1, name: en['loadError.title'] });
    expect(screen.getByRole('alert').textContent).toBe(en['error.server']);
  });

  it('keeps a submission that gets no answer on the device, then sends it once with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent()),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: [
        NETWORK_ERROR,
        NETWORK_ERROR,
        ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
      ],
    });
    show();
    await formShown();
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    // Tried twice (the second after 1 s), then kept: the visitor is told so, not shown an error.
    await screen.findByRole('heading', { name: en['offline.savedTitle'] }, { timeout: 4000 });
    expect(screen.getByRole('status').textContent).toBe(en['offline.saved']);
    const { entries } = await readQueue();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toMatchObject({
      url: '/api/v1/public/events/nordic-expo/leads/',
      body: { first_name: 'Anna' },
    });
    // Back online: the queue sends it with the key the page made.
    expect(await replayQueue()).toMatchObject({ sent: 1 });
    expect((await readQueue()).entries).toEqual([]);
    const keys = api.of(LEADS).map((c) => c.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(entries[0]?.data.idempotency_key);
  });

  it('uses a new Idempotency-Key once the answers change', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent()),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: [
        fail(500, 'INTERNAL_ERROR'),
        ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
      ],
    });
    show();
    await formShown();
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(en['error.server']);
    await user.type(screen.getByRole('textbox', { name: en['field.company'] }), ' AB');
    await user.click(screen.getByRole('button', { name: en['error.retry'] }));
    await screen.findByRole('heading', { name: en['thanks.title'] });
    const keys = api.of(LEADS).map((c) => c.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("puts the server's 422 back on the fields, in Swedish on /sv", async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [EVENT]: ok(publicEvent({}, [createTopic()])),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: fail(422, 'VALIDATION_ERROR', {
        email: ['Enter a valid email address'],
        'responses.topic': ['Ensure this field has no more than 10 characters'],
        source: ['Invalid option'],
      }),
    });
    show('sv');
    await formShown(sv);
    expect(screen.getByRole('heading', { level: 2, name: sv['form.detailsTitle'] })).toBeTruthy();
    await fillStandard(user, sv);
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Demo');
    await user.click(screen.getByRole('button', { name: sv['form.submit'] }));
    const summary = await screen.findByRole('heading', { name: sv['form.errorSummary'] });
    const items = within(summary.parentElement as HTMLElement).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `${sv['field.email']}: ${sv['validation.email']}`,
      `Topic: ${sv['validation.maxLength'].replace('{n}', '10')}`,
      'Invalid option',
    ]);
    expect(screen.getByRole('textbox', { name: sv['field.email'] }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Topic' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('tells the visitor kindly when the organisation is over its plan (402), and when to retry after 429', async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [EVENT]: ok(publicEvent()),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: [fail(402, 'USAGE_LIMIT_REACHED'), fail(429, 'RATE_LIMITED', undefined, { 'retry-after': '30' })],
    });
    show();
    await formShown();
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(en['error.limitReached']);
    await user.click(screen.getByRole('button', { name: en['error.retry'] }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(en['error.rateLimited'].replace('{seconds}', '30')),
    );
  });

  it('shows "not found" when the event closes while the visitor fills the form in', async () => {
    const user = userEvent.setup();
    stubCaptureApi({ [EVENT]: ok(publicEvent()), [VIEWS]: ok({ counted: true }), [LEADS]: fail(404, 'NOT_FOUND') });
    show();
    await formShown();
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    expect(await screen.findByRole('heading', { level: 1, name: en['notFound.title'] })).toBeTruthy();
  });

  it('sends source direct without the QR marker, and links to the other language with the query kept', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent()),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
    });
    show('en', '?utm_medium=email');
    await formShown();
    const swedish = screen.getByRole('link', { name: en['footer.otherLanguage'] });
    expect(swedish.getAttribute('href')).toBe('/sv/capture/nordic-expo?utm_medium=email');
    expect(swedish.getAttribute('lang')).toBe('sv');
    await fillStandard(user);
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    await screen.findByRole('heading', { name: en['thanks.title'] });
    expect(api.of(LEADS)[0]?.body).toMatchObject({ source: 'direct', utm_medium: 'email' });
  });
});

function createTopic() {
  return { ...topicField, type: 'text' as const, options: [], required: false };
}
