/* global document, window -- only used inside page.evaluate() and addInitScript(), which run in the browser */
/**
 * The public capture page /capture/{slug} (spec 01 §2, §4, §5; issue 4): an event made through
 * the API, opened from its QR code on a phone, filled in and sent; the lead arrives with source
 * qr_scan and the custom answers. Also /sv in dark mode, the stored theme preference, a draft and
 * an unknown event (not found), the email confirmation link, and axe on every state. The page is
 * its own preact bundle: it must load nothing of the dashboard's.
 */
import assert from 'node:assert/strict';
import en from '../apps/web/src/capture/locales/en.json' with { type: 'json' };
import sv from '../apps/web/src/capture/locales/sv.json' with { type: 'json' };
import { assertAccessible, openPage, registerAccount, screenshot } from './support.mjs';

async function api(baseURL, method, path, token, body) {
  const response = await fetch(new URL(`/api/v1${path}`, baseURL), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

const FORM_FIELDS = [
  { id: 'intro', type: 'heading', label: 'Tell us about your project', heading_level: 1 },
  { id: 'note', type: 'paragraph', content: 'Two minutes, and we will send you the slides from the stand.' },
  {
    id: 'topic',
    type: 'select',
    label: 'What are you interested in?',
    options: ['Pricing', 'A demo', 'Partnership'],
    required: true,
    width: 'half',
  },
  {
    id: 'timeline',
    type: 'radio',
    label: 'When are you buying?',
    options: ['This quarter', 'This year', 'Just looking'],
    width: 'half',
  },
  { id: 'modules', type: 'checkbox', label: 'Modules', options: ['Capture', 'CRM sync', 'Analytics'] },
  { id: 'booth', type: 'rating', label: 'How was our stand?', max_rating: 5 },
  {
    id: 'message',
    type: 'textarea',
    label: 'Anything else?',
    placeholder: 'Questions, wishes…',
    help_text: 'Optional',
  },
  {
    id: 'perks',
    type: 'features_list',
    label: 'Visitors today get',
    options: ['A free trial month', 'Setup help on site'],
  },
];

/** Only the capture build's own files: nothing of the dashboard's bundle. */
function assertOnlyCaptureScripts(urls, baseURL) {
  assert.ok(urls.length > 0, 'no script loaded');
  for (const url of urls) assert.ok(url.startsWith(`${baseURL}/capture/assets/`), `the capture page loaded ${url}`);
}

export default async function capture({ browser, baseURL }) {
  const account = await registerAccount(baseURL, { company_name: 'Booth AB' });
  const slug = `nordic-expo-${Date.now().toString(36)}`;
  const event = await api(baseURL, 'POST', '/events/', account.access, {
    name: 'Nordic Expo 2026',
    slug,
    status: 'active',
    start_date: '2026-05-12T07:00:00Z',
    end_date: '2026-05-14T15:00:00Z',
    location: 'Stockholmsmässan, hall C',
    website: 'https://nordicexpo.example.com',
    primary_color: '#0e7490',
    welcome_message: 'Welcome to our stand! Leave your details and we will be in touch with the deck.',
    consent_text: 'Send me news about Booth AB products. I can unsubscribe at any time.',
    form_fields: FORM_FIELDS,
  });

  // --- a visitor scans the QR code: phone, light, English ---------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL, { device: 'phone' });
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/capture/${slug}?src=qr&utm_source=flyer`);
    await page.getByRole('heading', { level: 1, name: 'Nordic Expo 2026' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.title(), 'Nordic Expo 2026 - LeadCapture');
    assertOnlyCaptureScripts(scripts, baseURL);
    await page.getByText('Hosted by Booth AB').waitFor();
    await page.getByRole('button', { name: en['form.submit'] }).waitFor();
    await assertAccessible(page, 'capture form (phone)');
    await screenshot(page, 'capture-phone-light');

    // Nothing filled in: the summary of what to correct, and nothing sent.
    await page.getByRole('button', { name: en['form.submit'] }).click();
    await page.getByRole('heading', { name: en['form.errorSummary'] }).waitFor();
    await assertAccessible(page, 'capture form with errors');

    await page.getByRole('textbox', { name: en['field.first_name'] }).fill('Anna');
    await page.getByRole('textbox', { name: en['field.last_name'] }).fill('Lind');
    await page.getByRole('textbox', { name: en['field.company'] }).fill('Lind & Co');
    await page.getByRole('textbox', { name: en['field.email'] }).fill('Anna.Lind@Example.com');
    await page.getByRole('textbox', { name: en['field.job_title'] }).fill('Head of events');
    await page.getByRole('combobox', { name: 'What are you interested in?' }).selectOption('A demo');
    await page.getByRole('radio', { name: 'This year' }).check();
    await page.getByRole('checkbox', { name: 'Analytics' }).check();
    await page.getByRole('checkbox', { name: 'Capture' }).check();
    await page.getByRole('radio', { name: '4 of 5 stars' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Anything else?' }).fill('Do you integrate with our CRM?');
    await page.getByRole('checkbox', { name: /Send me news about Booth AB/ }).check();
    await page.getByRole('button', { name: en['form.submit'] }).click();

    await page.getByRole('heading', { name: en['thanks.title'] }).waitFor();
    await page.getByText(en['thanks.message'].replace('{organization}', 'Booth AB')).waitFor();
    await assertAccessible(page, 'capture thank-you');
    await screenshot(page, 'capture-thank-you-phone-light');

    const leads = await api(baseURL, 'GET', `/events/${event.id}/leads/`, account.access);
    assert.equal(leads.count, 1);
    const [lead] = leads.results;
    assert.equal(lead.source, 'qr_scan');
    assert.equal(lead.email, 'anna.lind@example.com');
    assert.equal(lead.company, 'Lind & Co');
    assert.equal(lead.job_title, 'Head of events');
    assert.deepEqual(lead.custom_fields, {
      topic: 'A demo',
      timeline: 'This year',
      modules: ['Capture', 'Analytics'],
      booth: 4,
      message: 'Do you integrate with our CRM?',
    });
    assert.equal(lead.consent_text, 'Send me news about Booth AB products. I can unsubscribe at any time.');
    assert.equal(lead.attribution.utm_source, 'flyer');

    // Kiosk mode: the next visitor gets an empty form.
    await page.getByRole('button', { name: en['thanks.another'] }).click();
    const firstName = page.getByRole('textbox', { name: en['field.first_name'] });
    await firstName.waitFor();
    assert.equal(await firstName.inputValue(), '');
    assertNoProblems();
    await close();
  }

  // --- Swedish, dark, on a phone ------------------------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL, {
      device: 'phone',
      colorScheme: 'dark',
    });
    await page.goto(`/sv/capture/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Nordic Expo 2026' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'sv');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    await page.getByRole('heading', { level: 2, name: sv['form.detailsTitle'] }).waitFor();
    await page.getByText('Arrangeras av Booth AB').waitFor();
    await page.getByRole('button', { name: sv['form.submit'] }).waitFor();
    await assertAccessible(page, '/sv capture form (dark)');
    await screenshot(page, 'capture-sv-phone-dark');

    await page.getByRole('textbox', { name: sv['field.email'] }).fill('inte-en-adress');
    await page.getByRole('button', { name: sv['form.submit'] }).click();
    await page.getByRole('heading', { name: sv['form.errorSummary'] }).waitFor();
    await page.getByRole('link', { name: `${sv['field.email']}: ${sv['validation.email']}` }).waitFor();
    await assertAccessible(page, '/sv capture errors (dark)');
    await screenshot(page, 'capture-sv-phone-dark-errors');
    assertNoProblems();
    await close();
  }

  // --- desktop; a stored light preference wins over a dark system ----------------------------
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL, { colorScheme: 'dark' });
    await context.addInitScript(() => window.localStorage.setItem('theme-preference', 'light'));
    await page.goto(`/capture/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Nordic Expo 2026' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), false);
    await page.getByRole('button', { name: en['form.submit'] }).waitFor();
    await assertAccessible(page, 'capture form (desktop)');
    await screenshot(page, 'capture-desktop-light');
    assertNoProblems();
    await close();
  }

  // --- not found: unknown, and a draft --------------------------------------------------------
  {
    const draft = await api(baseURL, 'POST', '/events/', account.access, {
      name: 'Secret launch',
      slug: `secret-launch-${Date.now().toString(36)}`,
      status: 'draft',
    });
    const { page, close } = await openPage(browser, baseURL, { device: 'phone' });
    for (const path of ['/capture/no-such-event-here', `/capture/${draft.slug}`]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: en['notFound.title'] }).waitFor();
      assert.equal(await page.title(), en['meta.notFoundTitle']);
    }
    await assertAccessible(page, 'capture not found');
    await screenshot(page, 'capture-not-found-phone');

    // A confirmation link that is not (or no longer) valid.
    await page.goto('/sv/capture/confirm?token=not-a-real-token');
    await page.getByRole('heading', { level: 1, name: sv['confirm.invalidTitle'] }).waitFor();
    await assertAccessible(page, 'capture confirm invalid');
    await close();
  }
}
