/**
 * The front door's pages (issue 28, points 4-7): an unknown address answers HTTP 404 with the
 * error page in English and Swedish (a crawler gets a bare noindex 404), and onboarding from
 * sign-up to complete creates a real event from a template, saves its form from the builder and
 * tours the real Lobby. Screenshots of the error page and the wizard in both languages, light
 * and dark, phone and laptop.
 */
import assert from 'node:assert/strict';
import { api, assertAccessible, locales, openPage, registerAccount, screenshot, signIn } from './support.mjs';

const { en, sv } = locales;
const progress = (strings, current) =>
  strings.dashboard.onboarding.progress.replace('{{current}}', String(current)).replace('{{total}}', '5');

export default async function frontDoor({ browser, baseURL }) {
  // --- Unknown pages: 404 status and the error page, in both languages ------------------------
  for (const [language, strings, path] of [
    ['en', en, '/no-such-page'],
    ['sv', sv, '/sv/ingen-sida'],
  ]) {
    for (const [device, colorScheme] of [
      ['desktop', 'light'],
      ['phone', 'dark'],
    ]) {
      const { page, close } = await openPage(browser, baseURL, { device, colorScheme });
      try {
        const response = await page.goto(path);
        assert.equal(response?.status(), 404, `${path} answers 404`);
        await page.getByRole('heading', { level: 1, name: strings.errors.page['404'].title }).waitFor();
        const home = page.getByRole('link', { name: strings.errors.page.homeButton });
        assert.equal(await home.getAttribute('href'), language === 'en' ? '/' : '/sv');
        assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
        await assertAccessible(page, `404 ${language} ${device} ${colorScheme}`);
        await screenshot(page, `error-404-${device}-${colorScheme}-${language}`);
      } finally {
        await close();
      }
    }
  }
  {
    const known = await fetch(new URL('/sv/contact', baseURL));
    assert.equal(known.status, 200, 'a real page answers 200');
    const crawler = await fetch(new URL('/no-such-page', baseURL), {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    assert.equal(crawler.status, 404);
    const body = await crawler.text();
    assert.match(body, /noindex/);
    assert.doesNotMatch(body, /<script/, 'a crawler is not shown the error page');
  }

  // --- Onboarding from sign-up to complete ---------------------------------------------------
  const account = await registerAccount(baseURL);
  const { page, context, assertNoProblems, close } = await openPage(browser, baseURL, { device: 'wide' });
  try {
    await signIn(context, baseURL, account);
    await page.goto('/dashboard');
    await page.waitForURL(`${baseURL}/onboarding`);
    await page.getByText(progress(en, 1)).waitFor();
    await page.getByRole('button', { name: en.dashboard.onboarding.continue }).click();

    // Step 2: a real event, from the trade show template.
    await page.getByRole('heading', { level: 1, name: en.dashboard.onboarding.steps.create_event.title }).waitFor();
    await page.getByText(progress(en, 2)).waitFor();
    await page.getByLabel(en.dashboard.onboarding.event.name).fill('Nordic Expo 2027');
    await page.getByLabel(en.dashboard.onboarding.event.location).fill('Stockholmsmässan');
    const template = page.getByLabel(en.dashboard.onboarding.event.template);
    await template.locator('option[value="trade_show"]').waitFor({ state: 'attached' });
    await template.selectOption('trade_show');
    await assertAccessible(page, 'onboarding create event');
    await screenshot(page, 'onboarding-event-desktop-light-en');
    await page.getByRole('button', { name: en.dashboard.onboarding.event.create }).click();

    // Step 3: its form, in the builder, with the template's fields; saved.
    await page.getByRole('heading', { level: 1, name: en.dashboard.onboarding.steps.setup_forms.title }).waitFor();
    await page
      .getByText(/Nordic Expo 2027/)
      .first()
      .waitFor();
    await screenshot(page, 'onboarding-forms-desktop-light-en');
    // Resumable: a reload comes back to the same step.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.getByText(progress(en, 3)).waitFor();
    await page.getByRole('button', { name: en.dashboard.onboarding.forms.save }).click();

    // Step 4: the tour of the real Lobby, to its end.
    await page.getByRole('heading', { level: 1, name: en.dashboard.onboarding.steps.dashboard_tour.title }).waitFor();
    await page.getByRole('link', { name: en.dashboard.onboarding.tour.start }).click();
    await page.waitForURL(`${baseURL}/dashboard?tour=1`);
    const dialog = page.getByRole('dialog', { name: en.dashboard.tour.stats.title });
    await dialog.waitFor();
    // Focus is in the tour's dialog, and the fade-in is over before the picture.
    assert.ok(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement)));
    await page.waitForTimeout(800);
    await screenshot(page, 'onboarding-tour-desktop-light-en', { fullPage: false });
    for (let stop = 0; stop < 10; stop += 1) {
      const done = page.getByRole('dialog').getByRole('button', { name: en.dashboard.tour.done });
      if (await done.isVisible()) {
        await done.click();
        break;
      }
      await page.getByRole('dialog').getByRole('button', { name: en.dashboard.tour.next }).click();
      await page.waitForTimeout(450);
    }
    await page.waitForURL(`${baseURL}/onboarding`);
    await page.getByRole('heading', { level: 1, name: en.dashboard.onboarding.steps.complete.title }).waitFor();
    await page.getByRole('button', { name: en.dashboard.onboarding.finish }).click();
    await page.waitForURL(`${baseURL}/dashboard`);

    // What the wizard did is real.
    const events = await api(baseURL, 'GET', '/events/', account.access);
    assert.equal(events.count, 1);
    const [event] = events.results;
    assert.equal(event.name, 'Nordic Expo 2027');
    assert.ok(event.form_fields.length > 0, 'the template gave the form its fields');
    const onboarding = await api(baseURL, 'GET', '/auth/onboarding/', account.access);
    assert.deepEqual(onboarding.completed_steps, [
      'welcome',
      'create_event',
      'setup_forms',
      'dashboard_tour',
      'complete',
    ]);
    assertNoProblems();
  } finally {
    await close();
  }

  // --- The wizard in Swedish, dark, on a phone --------------------------------------------------
  {
    const other = await registerAccount(baseURL);
    const phone = await openPage(browser, baseURL, { device: 'phone', colorScheme: 'dark' });
    try {
      await signIn(phone.context, baseURL, other);
      await phone.page.goto('/sv/onboarding');
      await phone.page.getByText(progress(sv, 1)).waitFor();
      await phone.page.getByRole('button', { name: sv.dashboard.onboarding.continue }).click();
      await phone.page.getByLabel(sv.dashboard.onboarding.event.name).waitFor();
      await assertAccessible(phone.page, 'onboarding sv phone dark');
      await screenshot(phone.page, 'onboarding-event-phone-dark-sv');
    } finally {
      await phone.close();
    }
  }
}
