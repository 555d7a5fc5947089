import assert from 'node:assert/strict';
import { fetchStatus, locales, openPage, screenshot } from './support.mjs';

const svErrors = locales.sv.errors;
const enErrors = locales.en.errors;

/**
 * Documents the server answers: SPA deep links, the 404 page in both languages, the API's 404.
 * (The landing page's developer status card is gone: issue 28; the landing page is e2e/help.spec.mjs.)
 */
export default async function statusPage({ baseURL, browser }) {
  const api = await fetchStatus(baseURL);
  assert.equal(typeof api.version, 'string');

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
