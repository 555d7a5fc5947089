/* global document, window -- only used inside page.evaluate(), which runs in the browser */
import assert from 'node:assert/strict';
import { definition, fetchStatus, locales, openPage, screenshot } from './support.mjs';

const en = locales.en.common;
const sv = locales.sv.common;
const enErrors = locales.en.errors;
const svErrors = locales.sv.errors;

/** The accessible name of the home page's <h1>, built from its two translated halves. */
const homeHeading = (locale) => ({
  level: 1,
  name: `${locale.home.titleLead} ${locale.home.titleAccent}`,
  exact: true,
});

/** The landing page: heading, live status card, language switch, SPA deep links, themes. */
export default async function statusPage({ browser, baseURL }) {
  const api = await fetchStatus(baseURL);

  // --- English at / shows what the API reports ------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      const response = await page.goto('/');
      assert.equal(response?.status(), 200);
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      await page.getByRole('heading', homeHeading(en)).waitFor();
      assert.equal(await page.title(), en.meta.defaultTitle);

      const card = page.getByRole('region', { name: en.status.title });
      await card.getByText(en.status.operational).waitFor();
      assert.equal(await definition(card, en.status.version).innerText(), api.version);
      const database = await definition(card, en.status.database).innerText();
      assert.equal(database, en.status.databaseKind[api.database]);
      assert.match(database.toLowerCase(), new RegExp(api.database));
      assert.match(await definition(card, en.status.uptime).innerText(), /^\d+ (s|min|h|d)\b/);

      // The skip link is the first thing a keyboard user reaches.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), en.nav.skipToContent);

      // Switching language keeps the page and changes every string.
      await page
        .getByRole('navigation', { name: en.nav.languageSwitch })
        .getByRole('link', { name: 'Svenska' })
        .click();
      await page.waitForURL(`${baseURL}/sv`);
      await page.getByRole('heading', homeHeading(sv)).waitFor();
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Swedish at /sv ----------------------------------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/sv');
      assert.equal(await page.locator('html').getAttribute('lang'), 'sv');
      await page.getByRole('heading', homeHeading(sv)).waitFor();
      assert.equal(await page.title(), sv.meta.defaultTitle);
      const card = page.getByRole('region', { name: sv.status.title });
      await card.getByText(sv.status.operational).waitFor();
      assert.equal(await definition(card, sv.status.database).innerText(), sv.status.databaseKind[api.database]);
      assert.equal(
        await card.getByText(en.status.uptime, { exact: true }).count(),
        0,
        'English label on a Swedish page',
      );

      const english = page.getByRole('link', { name: 'English' });
      assert.equal(await english.getAttribute('href'), '/');
      await english.click();
      await page.waitForURL(`${baseURL}/`);
      await page.getByRole('heading', homeHeading(en)).waitFor();
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- A deep link is answered by the SPA, an unknown API path is not ------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      const response = await page.goto('/sv/no-such-page');
      // Not a page of the app: 404, with the SPA showing the error page (decision 035).
      assert.equal(response?.status(), 404);
      assert.match(response?.headers()['content-type'] ?? '', /text\/html/);
      await page.getByRole('heading', { level: 1, name: svErrors.page['404'].title }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'sv');
      await page.getByText(svErrors.page.notFoundDetail.replace('{{path}}', '/sv/no-such-page')).waitFor();
      await page.getByRole('link', { name: svErrors.page.homeButton }).click();
      await page.waitForURL(`${baseURL}/sv`);
      assertNoProblems();
    } finally {
      await close();
    }

    const apiMiss = await fetch(new URL('/api/v1/no-such-endpoint', baseURL));
    assert.equal(apiMiss.status, 404);
    assert.equal((await apiMiss.json()).status, 'error');
  }

  // --- Loading and error states, in Swedish ---------------------------------------------------
  {
    const { page, close } = await openPage(browser, baseURL, { device: 'phone' });
    try {
      let release;
      const held = new Promise((resolve) => {
        release = resolve;
      });
      // Every attempt fails until the user asks again: the client retries a GET three times
      // (docs/decisions/007-web-retries.md) before the card shows its error state.
      let failing = true;
      let attempts = 0;
      await page.route('**/api/v1/status/', async (route) => {
        await held;
        if (!failing) return route.continue();
        attempts += 1;
        return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      });
      await page.goto('/sv');
      const card = page.getByRole('region', { name: sv.status.title });
      await card.getByText(sv.status.loading).waitFor();
      release();
      await card.getByText(sv.status.unavailable).waitFor();
      await card.getByText(sv.status.error).waitFor();
      assert.equal(attempts, 3, 'a failing GET is tried three times');
      await screenshot(page, 'status-error-phone-sv');
      failing = false;
      await card.getByRole('button', { name: sv.status.retry }).click();
      await card.getByText(sv.status.operational).waitFor();
    } finally {
      await close();
    }
  }

  // --- Light and dark, desktop and phone --------------------------------------------------------
  for (const device of ['desktop', 'phone']) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, assertNoProblems, close } = await openPage(browser, baseURL, { device, colorScheme });
      try {
        await page.goto('/');
        await page.getByRole('region', { name: en.status.title }).getByText(en.status.operational).waitFor();
        const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
        assert.equal(isDark, colorScheme === 'dark', `<html class="dark"> should follow ${colorScheme}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${device} page scrolls sideways by ${overflow}px`);
        // Let the font finish and the refresh icon settle so screenshots are stable.
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, `home-${device}-${colorScheme}`);
        assertNoProblems();
      } finally {
        await close();
      }
    }
  }

  {
    const { page, close } = await openPage(browser, baseURL, { device: 'phone', colorScheme: 'dark' });
    try {
      await page.goto('/sv/no-such-page');
      await page.getByRole('heading', { level: 1, name: svErrors.page['404'].title }).waitFor();
      await screenshot(page, 'not-found-phone-dark-sv');
    } finally {
      await close();
    }
  }

  // The English 404 names the path it could not find (spec 01 §8).
  {
    const { page, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1, name: enErrors.page['404'].title }).waitFor();
      await page.getByText('Page Not Found: /no-such-page').waitFor();
    } finally {
      await close();
    }
  }
}
