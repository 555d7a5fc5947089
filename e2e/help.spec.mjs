import assert from 'node:assert/strict';
import enHelp from '../apps/web/src/locales/en/help.json' with { type: 'json' };
import svHelp from '../apps/web/src/locales/sv/help.json' with { type: 'json' };
import enLanding from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import svLanding from '../apps/web/src/locales/sv/landing.json' with { type: 'json' };
import { assertAccessible, openPage, screenshot } from './support.mjs';

/**
 * The front door (issue 28 points 1-2): the landing page's sections and pricing switch, and the
 * help centre: a search with a typo finds an article, which opens, and "Was this helpful?" is
 * stored. Looked at in English and Swedish, light and dark, on a phone and a laptop.
 */
export default async function help({ browser, baseURL }) {
  // --- Landing page: sections, pricing switch, meta tags --------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      const response = await page.goto('/');
      assert.equal(response?.status(), 200);
      assert.equal(await page.title(), enLanding.metaTitle);
      assert.equal(await page.locator('link[rel="alternate"][hreflang="sv"]').getAttribute('href'), `${baseURL}/sv`);
      assert.equal(await page.locator('meta[property="og:title"]').getAttribute('content'), enLanding.metaTitle);
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const name of [
        enLanding.problems.title,
        enLanding.demo.title,
        enLanding.steps.title,
        enLanding.features.title,
        enLanding.industries.title,
        enLanding.pricing.title,
        enLanding.faq.title,
        enLanding.cta.title,
      ]) {
        await page.getByRole('heading', { level: 2, name }).waitFor();
      }
      const starter = page.getByTestId('price-starter');
      assert.equal(await starter.innerText(), '$29');
      await page.getByRole('radio', { name: new RegExp(enLanding.pricing.annual) }).click();
      assert.equal(await starter.innerText(), '$23.20');
      await page.getByText('$278.40 billed yearly').waitFor();
      // The walkthrough shows real screens and can be paused.
      const walkthrough = page.getByRole('group', { name: enLanding.demo.label });
      await walkthrough.getByRole('button', { name: enLanding.demo.pause }).click();
      await walkthrough.getByRole('button', { name: enLanding.demo.next }).click();
      await walkthrough.getByText('Step 2 of 5').waitFor();
      await assertAccessible(page, 'landing page');
      // Book a demo leads to the contact form.
      await page.getByRole('link', { name: enLanding.hero.bookDemo }).first().click();
      await page.waitForURL('**/contact?topic=demo');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Swedish landing page ------------------------------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/sv');
      assert.equal(await page.locator('html').getAttribute('lang'), 'sv');
      assert.equal(await page.title(), svLanding.metaTitle);
      await page.getByRole('heading', { level: 2, name: svLanding.pricing.title }).waitFor();
      await page.getByRole('radio', { name: new RegExp(svLanding.pricing.annual) }).click();
      assert.equal((await page.getByTestId('price-starter').innerText()).replace(/\s/g, ' '), '23,20 US$');
      // A returning Swedish visitor who comes to the bare address is sent to /sv by the server…
      await page.goto('/');
      assert.equal(new URL(page.url()).pathname, '/sv');
      // …but one who picks English on the page stays there.
      await page.getByRole('link', { name: svLanding.nav.otherLanguageLabel }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 2, name: enLanding.pricing.title }).waitFor();
      await page.reload();
      assert.equal(new URL(page.url()).pathname, '/');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- The landing page without JavaScript (a crawler): the build rendered it ------------------
  for (const [path, strings, canonical] of [
    ['/', enLanding, `${baseURL}/`],
    ['/sv', svLanding, `${baseURL}/sv`],
  ]) {
    const html = await (await fetch(new URL(path, baseURL))).text();
    assert.match(html, new RegExp(`<link rel="canonical" href="${canonical}" />`));
    assert.match(html, new RegExp(`<link rel="alternate" hreflang="sv" href="${baseURL}/sv" />`));
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1 });
      assert.equal((await title.innerText()).replace(/\s+/g, ' '), `${strings.hero.title} ${strings.hero.titleAccent}`);
      await page.getByRole('heading', { level: 2, name: strings.faq.title }).waitFor();
      await page.getByText(strings.faq.items.gdpr.q).waitFor();
      await page.getByText(strings.footer.tagline).waitFor();
    } finally {
      await context.close();
    }
  }

  // --- robots.txt and the sitemap ----------------------------------------------------------
  {
    const robots = await fetch(new URL('/robots.txt', baseURL));
    assert.equal(robots.status, 200);
    assert.match(await robots.text(), /Sitemap: .*\/sitemap\.xml/);
    const sitemap = await (await fetch(new URL('/sitemap.xml', baseURL))).text();
    assert.match(sitemap, /\/sv\/help\/security\/audit-log<\/loc>/);
  }

  // --- Help centre in Swedish: a search with a typo, the article, "Was this helpful?" --------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/sv/help');
      await page.getByRole('heading', { level: 1, name: svHelp.title }).waitFor();
      assert.equal(await page.title(), `${svHelp.metaTitle} - LeadCapture`);
      await page.getByRole('searchbox', { name: svHelp.search.label }).fill('granskningslogen');
      const hit = page
        .getByRole('list')
        .getByRole('link', { name: /Granskningsloggen/ })
        .first();
      await hit.click();
      await page.waitForURL('**/sv/help/security/audit-log');
      await page.getByRole('heading', { level: 1, name: 'Granskningsloggen' }).waitFor();
      assert.equal(await page.title(), 'Granskningsloggen - LeadCapture');
      await assertAccessible(page, 'help article (sv)');
      const answered = page.waitForResponse((r) => r.url().includes('/api/v1/help/feedback/'));
      await page.getByRole('button', { name: svHelp.feedback.yes }).click();
      assert.equal((await answered).status(), 201);
      await page.getByText(svHelp.feedback.thanksYes).waitFor();
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Help centre in English: typo, screenshots, unknown article is 404 ----------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/help');
      await page.getByRole('searchbox', { name: enHelp.search.label }).fill('webhoks');
      await page
        .getByRole('link', { name: /Send events to your own endpoint/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Send events to your own endpoint with webhooks' }).waitFor();
      await page.goto('/help/lead-management/import-and-export-leads');
      const shot = page.getByRole('img', { name: 'The leads list with filters, search and the export menu' });
      await shot.scrollIntoViewIfNeeded();
      // A lazy image: it starts loading once scrolled to, and may still be on its way.
      const loaded = await shot.evaluate((img) =>
        img.complete
          ? img.naturalWidth > 0
          : new Promise((resolve) => {
              img.addEventListener('load', () => resolve(img.naturalWidth > 0), { once: true });
              img.addEventListener('error', () => resolve(false), { once: true });
            }),
      );
      assert.ok(loaded, 'the screenshot loads');
      await page.goto('/help/billing/no-such-article');
      await page.getByText(/404/).first().waitFor();
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Looked at as a person would: en/sv, light/dark, phone/laptop ---------------------------
  for (const device of ['desktop', 'phone']) {
    for (const colorScheme of ['light', 'dark']) {
      for (const language of ['en', 'sv']) {
        const { page, close } = await openPage(browser, baseURL, { device, colorScheme });
        try {
          const prefix = language === 'sv' ? '/sv' : '';
          await page.goto(prefix || '/');
          await page.getByRole('heading', { level: 1 }).waitFor();
          await screenshot(page, `landing-${language}-${colorScheme}-${device}`);
          await page.goto(`${prefix}/help/billing/plans-and-limits`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await screenshot(page, `help-article-${language}-${colorScheme}-${device}`);
          if (colorScheme === 'dark') await assertAccessible(page, `help article ${language} dark ${device}`);
        } finally {
          await close();
        }
      }
    }
  }
}
