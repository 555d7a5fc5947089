/* global document, window -- only used inside page.evaluate(), which runs in the browser */
/**
 * The sign-in journeys (issue 3 point 3): register → /onboarding, log out, forgot password with
 * its confirmation and cooldown, login with a redirect, Swedish register, reset and verify screens,
 * and axe on every auth page. The reset mail itself is not read: the runner's DATA_DIR is not
 * passed to specs, so the confirmation screen and the cooldown stand in for it.
 */
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { assertAccessible, locales, openPage, screenshot } from './support.mjs';

const { en, sv } = locales;
/** Labels end in a visual "*" for required fields; match the start only. */
const startsWith = (text) => new RegExp(`^${text}`);
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** No serious or critical axe violations; the message lists what failed and where. */

export default async function authJourneys({ browser, baseURL }) {
  // --- Register through the form → /onboarding, then log out ----------------------------------
  const email = `e2e-journey-${process.pid}-${Date.now()}@example.com`;
  const password = 'Booth2026x!';
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/auth/register');
      await page.getByRole('heading', { level: 1, name: en.auth.register.title }).waitFor();
      // Submitting empty shows the contract's messages, not a server round-trip.
      await page.getByRole('button', { name: en.auth.register.submit }).click();
      await page.getByText(en.errors.validation.required).first().waitFor();
      await page.getByLabel(en.auth.fields.firstName).fill('Grace');
      await page.getByLabel(en.auth.fields.lastName).fill('Hopper');
      await page.getByLabel(en.auth.fields.email).fill(email);
      await page.getByLabel(en.auth.fields.company).fill('Compiler AB');
      await page.getByLabel(startsWith(en.auth.fields.password)).fill(password);
      await page.getByLabel(en.auth.fields.passwordConfirm).fill(password);
      await page.getByRole('checkbox', { name: /terms/ }).check();
      await screenshot(page, 'register-desktop-light');
      await page.getByRole('button', { name: en.auth.register.submit }).click();
      await page.waitForURL(`${baseURL}/onboarding`);

      // Log out from a page of the dashboard layout (the user menu lives there).
      await page.goto('/settings');
      const menu = page.getByRole('button', { name: fill(en.common.userMenu.label, { name: 'Grace Hopper' }) });
      await menu.click();
      await page.getByRole('menuitem', { name: en.common.userMenu.logout }).click();
      await page.waitForURL(`${baseURL}/auth/login`);
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Forgot password: the same confirmation for anyone, and a 60 s cooldown --------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL, { device: 'phone' });
    try {
      await page.goto('/auth/login');
      await page.getByRole('link', { name: en.auth.login.forgotLink }).click();
      await page.waitForURL(`${baseURL}/auth/forgot-password`);
      await page.getByLabel(en.auth.fields.email).fill(email);
      await page.getByRole('button', { name: en.auth.forgotPassword.submit }).click();
      await page.getByRole('heading', { level: 1, name: en.auth.forgotPassword.sentTitle }).waitFor();
      await page.getByText(fill(en.auth.forgotPassword.sent, { email })).waitFor();
      const resend = page.getByRole('button', { name: /^Send again in \d+ s$/ });
      assert.equal(await resend.isDisabled(), true, 'resend waits for the cooldown');
      const first = await resend.textContent();
      await page.waitForTimeout(2_100);
      assert.notEqual(await resend.textContent(), first, 'the countdown moves');
      await screenshot(page, 'forgot-password-phone-sent');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Login with a redirect query lands on that path ------------------------------------------
  {
    const { page, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/auth/login?redirect=%2Fsettings');
      await page.getByLabel(en.auth.fields.email).fill(email);
      await page.getByLabel(startsWith(en.auth.fields.password)).fill('Wrong-password1');
      await page.getByRole('button', { name: en.auth.login.submit }).click();
      await page.getByRole('alert').filter({ hasText: en.auth.login.invalidCredentials }).waitFor();
      await page.getByLabel(startsWith(en.auth.fields.password)).fill(password);
      await page.getByRole('button', { name: en.auth.login.submit }).click();
      await page.waitForURL(`${baseURL}/settings**`);
      assert.ok(new URL(page.url()).pathname.startsWith('/settings'));

      // Tokens are out of page scripts' reach: the access token lives in memory, the refresh
      // token in an HttpOnly cookie (decision 003). Nothing a script can read holds either.
      const readable = await page.evaluate(() => ({
        cookie: document.cookie,
        local: JSON.stringify({ ...window.localStorage }),
        session: JSON.stringify({ ...window.sessionStorage }),
      }));
      for (const [where, text] of Object.entries(readable)) {
        assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(text), `an access token is readable in ${where}: ${text}`);
        assert.ok(!/access_token|refresh_token|lc_refresh/.test(text), `a token is readable in ${where}: ${text}`);
      }
      const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'lc_refresh');
      assert.ok(refreshCookie, 'the refresh cookie is set');
      assert.equal(refreshCookie.httpOnly, true);
      assert.equal(refreshCookie.sameSite, 'Lax');
      assert.equal(refreshCookie.path, '/api/v1/auth/');
      assert.ok(!readable.cookie.includes(refreshCookie.value));

      // A reload keeps the user signed in: the app renews its access token from the cookie.
      // (After the first renewal's answer is in: a reload that cuts it off loses the rotated
      // cookie, and the old one presented again reads as a stolen token; see decision 003.)
      await page.waitForLoadState('networkidle');
      await page.reload();
      await page.getByRole('button', { name: fill(en.common.userMenu.label, { name: 'Grace Hopper' }) }).waitFor();
      assert.ok(new URL(page.url()).pathname.startsWith('/settings'));
      // No assertNoProblems(): the browser logs the intended 401/422 answer as a console error.
    } finally {
      await close();
    }
  }

  // --- /sv/auth/register is Swedish ------------------------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL, { device: 'phone' });
    try {
      await page.goto('/sv/auth/register');
      await page.getByRole('heading', { level: 1, name: sv.auth.register.title }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'sv');
      await page.getByLabel(sv.auth.fields.firstName).waitFor();
      await page.getByRole('link', { name: 'villkoren' }).waitFor();
      await page.getByRole('button', { name: sv.auth.register.submit }).click();
      await page.getByText(sv.errors.validation.required).first().waitFor();
      await screenshot(page, 'register-phone-sv-errors');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Reset password: live strength meter; a bad token offers a new link ------------------------
  {
    const { page, close } = await openPage(browser, baseURL, { colorScheme: 'dark' });
    try {
      await page.goto('/auth/reset-password?token=not-a-real-token');
      const input = page.getByLabel(en.auth.fields.newPassword);
      await input.fill('abcD');
      await page
        .getByText(fill(en.auth.passwordStrength.label, { level: en.auth.passwordStrength.levels.weak }))
        .waitFor();
      await input.fill('Booth2026x!');
      await page
        .getByText(fill(en.auth.passwordStrength.label, { level: en.auth.passwordStrength.levels.strong }))
        .waitFor();
      await page.getByLabel(en.auth.fields.passwordConfirm).fill('Booth2026x!');
      await screenshot(page, 'reset-password-desktop-dark');
      await page.getByRole('button', { name: en.auth.resetPassword.submit }).click();
      await page.getByText(en.auth.resetPassword.invalidToken).waitFor();
      await page.getByRole('link', { name: en.auth.resetPassword.newLink }).waitFor();
      // No assertNoProblems(): the browser logs the intended 401/422 answer as a console error.
    } finally {
      await close();
    }
  }

  // --- Verify email: a bad token fails with the catalogue wording ----------------------------------
  {
    const { page, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/auth/verify-email?token=not-a-real-token');
      await page.getByText(en.auth.verifyEmail.failed).waitFor();
      await page.getByRole('button', { name: en.auth.verifyEmail.resend }).waitFor();
      // No assertNoProblems(): the browser logs the intended 401/422 answer as a console error.
    } finally {
      await close();
    }
  }

  // --- axe on every auth page, light and dark ---------------------------------------------------
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ baseURL, colorScheme });
    const page = await context.newPage();
    try {
      for (const [path, heading] of [
        ['/auth/login', en.auth.login.title],
        ['/auth/register', en.auth.register.title],
        ['/auth/forgot-password', en.auth.forgotPassword.title],
        ['/auth/reset-password?token=abc', en.auth.resetPassword.title],
        ['/auth/reset-password', en.auth.resetPassword.invalidTitle],
        ['/auth/verify-email', en.auth.verifyEmail.requestTitle],
        ['/sv/auth/login', sv.auth.login.title],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await assertAccessible(page, `${path} (${colorScheme})`);
      }
    } finally {
      await context.close();
    }
  }

  // --- The sign-up page's controls are named by what they show (WCAG 2.5.3, label in name) ----
  // axe's label-content-name-mismatch is experimental, so off in assertAccessible: on here, in both
  // languages, after the review found two controls whose names did not contain their text (issue 22).
  {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    try {
      for (const [path, heading] of [
        ['/auth/register', en.auth.register.title],
        ['/sv/auth/register', sv.auth.register.title],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
        assert.deepEqual(
          results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.html}`)),
          [],
          `${path}: a control's accessible name does not contain its visible text`,
        );
      }
    } finally {
      await context.close();
    }
  }

  // --- Screenshots for review: login, register, reset on desktop and a 375 px phone, both themes ---
  for (const device of ['desktop', 'phone']) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, close } = await openPage(browser, baseURL, { device, colorScheme });
      try {
        for (const [name, path, heading] of [
          ['login', '/auth/login', en.auth.login.title],
          ['register', '/auth/register', en.auth.register.title],
          ['reset', '/auth/reset-password?token=abc', en.auth.resetPassword.title],
        ]) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          if (name === 'reset') await page.getByLabel(startsWith(en.auth.fields.newPassword)).fill('Booth20');
          await screenshot(page, `auth-${name}-${device}-${colorScheme}`);
        }
      } finally {
        await close();
      }
    }
  }
}
