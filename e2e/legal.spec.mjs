/**
 * The legal pages (spec 01 §2, §9): /terms and /sv/privacy render, the register form's terms
 * link reaches /terms, and axe finds no serious or critical violations.
 */
import assert from 'node:assert/strict';
import enLegal from '../apps/web/src/locales/en/legal.json' with { type: 'json' };
import svLegal from '../apps/web/src/locales/sv/legal.json' with { type: 'json' };
import { assertAccessible, locales, openPage, screenshot } from './support.mjs';

export default async ({ browser, baseURL }) => {
  // /terms, desktop light: heading, title, table of contents, link to the other text.
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: enLegal.terms.title }).waitFor();
    assert.equal(await page.title(), `${enLegal.terms.metaTitle} - LeadCapture`);
    await page.getByRole('heading', { level: 2, name: new RegExp(enLegal.terms.sections.fees.title) }).waitFor();
    await page
      .getByRole('navigation', { name: enLegal.contents })
      .getByRole('link', { name: enLegal.terms.sections.law.title })
      .click();
    assert.match(page.url(), /#terms-law$/);
    await assertAccessible(page, '/terms');
    await screenshot(page, 'legal-terms-desktop-light');
    await page.getByRole('link', { name: enLegal.terms.seeOther }).click();
    await page.getByRole('heading', { level: 1, name: enLegal.privacy.title }).waitFor();
    assertNoProblems();
    await close();
  }

  // /sv/privacy on a phone in dark mode: Swedish headings, footer links stay in /sv.
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL, {
      device: 'phone',
      colorScheme: 'dark',
    });
    await page.goto('/sv/privacy');
    await page.getByRole('heading', { level: 1, name: svLegal.privacy.title }).waitFor();
    await page.getByRole('heading', { level: 2, name: new RegExp(svLegal.privacy.sections.cookies.title) }).waitFor();
    assert.equal(await page.title(), `${svLegal.privacy.metaTitle} - LeadCapture`);
    const footerTerms = page.getByRole('contentinfo').getByRole('link', { name: locales.sv.common.footer.terms });
    assert.equal(await footerTerms.getAttribute('href'), '/sv/terms');
    const noOverflow = await page.evaluate(
      () => globalThis.document.documentElement.scrollWidth <= globalThis.innerWidth,
    );
    assert.ok(noOverflow, '/sv/privacy scrolls sideways on a phone');
    await assertAccessible(page, '/sv/privacy');
    await screenshot(page, 'legal-privacy-sv-phone-dark');
    assertNoProblems();
    await close();
  }

  // The register form's terms link (opens a new tab) reaches /terms.
  {
    const { context, page, close } = await openPage(browser, baseURL);
    await page.goto('/auth/register');
    const termsLink = page
      .getByRole('checkbox', { name: /terms/ })
      .locator('xpath=ancestor::*[.//a][1]')
      .getByRole('link');
    assert.equal(await termsLink.getAttribute('href'), '/terms');
    const [tab] = await Promise.all([context.waitForEvent('page'), termsLink.click()]);
    await tab.getByRole('heading', { level: 1, name: enLegal.terms.title }).waitFor();
    assert.equal(new URL(tab.url()).pathname, '/terms');
    await close();
  }
};
