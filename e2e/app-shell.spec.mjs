/* global document, window, getComputedStyle -- only used inside page.evaluate(), which runs in the browser */
/**
 * The app shell: route guards, /sv routing, the 404 page, the theme before first paint, the
 * signed-in layout (navigation, user menu, language, logout), the paywall and API toasts. axe
 * on the shell's pages is e2e/app-shell-a11y.spec.mjs.
 */
import assert from 'node:assert/strict';
import {
  assertAccessible,
  locales,
  openPage,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
} from './support.mjs';

const { en, sv } = locales;

/** No serious or critical axe violations; the message lists what failed and where. */

export default async function appShell({ browser, baseURL }) {
  // --- Guards: signed out ------------------------------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/dashboard');
      await page.waitForURL(`${baseURL}/auth/login?redirect=%2Fdashboard`);
      await page.getByRole('heading', { level: 1, name: en.auth.login.title }).waitFor();
      assert.equal(await page.title(), `${en.auth.login.metaTitle} - LeadCapture`);

      await page.goto('/sv/settings/profile');
      await page.waitForURL(`${baseURL}/sv/auth/login?redirect=%2Fsv%2Fsettings%2Fprofile`);
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- /sv/auth/login is Swedish, with <html lang> and the locale cookie ----------------------
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL, { device: 'phone' });
    try {
      await page.goto('/sv/auth/login');
      await page.getByRole('heading', { level: 1, name: sv.auth.login.title }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'sv');
      assert.equal(await page.title(), `${sv.auth.login.metaTitle} - LeadCapture`);
      await page.getByLabel(sv.auth.fields.email).waitFor();
      const locale = (await context.cookies()).find((c) => c.name === 'locale');
      assert.equal(locale?.value, 'sv');
      assert.equal(locale?.sameSite, 'Lax');
      assert.ok((locale?.expires ?? 0) * 1000 > Date.now() + 364 * 86_400_000, 'locale cookie lasts a year');

      // Validation messages of the shared contract schemas arrive in Swedish.
      await page.getByRole('button', { name: sv.auth.login.submit }).click();
      await page.getByText(sv.errors.validation.required).first().waitFor();
      await screenshot(page, 'login-phone-sv-errors');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Unknown paths: the 404 page -----------------------------------------------------------
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/no/such/page?x=1');
      await page.getByRole('heading', { level: 1, name: en.errors.page['404'].title }).waitFor();
      await page.getByText('Page Not Found: /no/such/page').waitFor();
      await page.getByText(en.errors.page.codeLabel.replace('{{code}}', '404')).waitFor();
      assert.equal(await page.title(), `${en.errors.page['404'].title} - LeadCapture`);
      await page.getByRole('link', { name: en.errors.page.homeButton }).click();
      await page.waitForURL(`${baseURL}/`);
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Dark mode before the first paint --------------------------------------------------------
  {
    const { page, close } = await openPage(browser, baseURL, { colorScheme: 'dark' });
    try {
      // With the app bundle blocked, only public/theme-init.js can have set the class: the
      // first paint is already dark.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/auth/login');
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(background, 'rgb(255, 255, 255)', 'the body is not white in dark mode');
    } finally {
      await close();
    }
  }
  {
    // A stored preference beats the system, and the app keeps it.
    const { page, context, close } = await openPage(browser, baseURL, { colorScheme: 'dark' });
    try {
      await context.addInitScript(() => window.localStorage.setItem('theme-preference', 'light'));
      await page.goto('/auth/login');
      await page.getByRole('heading', { level: 1, name: en.auth.login.title }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), false);
      await page.getByRole('button', { name: en.common.theme.switchToDark }).click();
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
      assert.equal(await page.evaluate(() => window.localStorage.getItem('theme-preference')), 'dark');
    } finally {
      await close();
    }
  }

  // --- Sign in through the form, the dashboard shell, language and logout ------------------------
  const account = await registerAccount(baseURL);
  // This spec is about the shell; the onboarding detour has its own spec.
  await skipOnboarding(baseURL, account);
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await page.goto('/auth/login?redirect=%2Fsettings');
      await page.getByLabel(en.auth.fields.email).fill(account.email);
      await page.getByRole('textbox', { name: en.auth.fields.password, exact: true }).fill(account.password);
      await page.getByRole('button', { name: en.auth.login.submit }).click();
      await page.waitForURL(`${baseURL}/settings`);
      await page.getByRole('heading', { level: 1, name: en.settings.hub.title }).waitFor();

      // A signed-in user at / or /auth/* goes to the dashboard.
      await page.goto('/auth/login');
      await page.waitForURL(`${baseURL}/dashboard`);
      await page.getByRole('heading', { level: 1, name: en.dashboard.welcome.replace('{{name}}', 'Ada') }).waitFor();
      const nav = page.getByRole('navigation', { name: en.common.nav.main });
      assert.equal(await nav.getByRole('link', { name: en.common.nav.dashboard }).getAttribute('aria-current'), 'page');
      await screenshot(page, 'dashboard-desktop-light');

      // Language from the user menu: URL, strings and the saved profile language follow.
      const saved = page.waitForResponse((r) => r.url().includes('/auth/preferences/') && r.status() === 200);
      await page.getByRole('button', { name: en.common.userMenu.label.replace('{{name}}', 'Ada Lovelace') }).click();
      await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
      await page.waitForURL(`${baseURL}/sv/dashboard`);
      await saved;
      await page.getByRole('heading', { level: 1, name: sv.dashboard.welcome.replace('{{name}}', 'Ada') }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'sv');

      // Logging out ends on the login page in the current language, signed out.
      await page.getByRole('button', { name: sv.common.userMenu.label.replace('{{name}}', 'Ada Lovelace') }).click();
      await page.getByRole('menuitem', { name: sv.common.userMenu.logout }).click();
      await page.waitForURL(`${baseURL}/sv/auth/login`);
      await page.goto('/sv/dashboard');
      await page.waitForURL(`${baseURL}/sv/auth/login?redirect=%2Fsv%2Fdashboard`);
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Logout still ends on the login page when the server call fails ------------------------------
  {
    const fresh = await registerAccount(baseURL);
    await skipOnboarding(baseURL, fresh);
    const { page, context, close } = await openPage(browser, baseURL, { device: 'phone' });
    try {
      await signIn(context, baseURL, fresh);
      await page.route('**/api/v1/auth/logout/', (route) => route.abort('internetdisconnected'));
      await page.goto('/dashboard');
      await page.getByRole('button', { name: en.common.nav.openMenu }).waitFor();
      await page.getByRole('button', { name: en.common.userMenu.label.replace('{{name}}', 'Ada Lovelace') }).click();
      await page.getByRole('menuitem', { name: en.common.userMenu.logout }).click();
      await page.waitForURL(`${baseURL}/auth/login`);
      const names = (await context.cookies()).map((c) => c.name);
      // The HttpOnly refresh cookie is the server's to clear (the call failed); without the
      // marker the app no longer treats the browser as signed in.
      assert.ok(!names.includes('signed_in') && !names.includes('access_token'), `cookies left: ${names}`);
    } finally {
      await close();
    }
  }

  // --- The phone drawer carries the same navigation ------------------------------------------------
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL, { device: 'phone' });
    try {
      await signIn(context, baseURL, account);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: en.common.nav.openMenu }).click();
      const drawer = page.getByRole('dialog', { name: en.common.nav.main });
      await drawer.getByRole('link', { name: en.common.nav.profile }).click();
      await page.waitForURL(`${baseURL}/settings/profile`);
      await page.getByRole('heading', { level: 1, name: en.settings.profile.title }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `profile page scrolls sideways by ${overflow}px`);
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- 402 opens the paywall; API errors raise toasts ------------------------------------------------
  {
    const { page, context, close } = await openPage(browser, baseURL);
    try {
      await signIn(context, baseURL, account);
      await page.route('**/api/v1/auth/me/', async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        const details = {
          code: 'USAGE_LIMIT_REACHED',
          resource: 'leads',
          current_usage: 120,
          limit: 100,
          feature: null,
          subscription_status: 'active',
          trial_days_remaining: null,
          detail: 'Monthly lead limit reached',
        };
        return route.fulfill({
          status: 402,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'error',
            status_code: 402,
            error: { message: 'Usage limit reached for your plan.', code: 'USAGE_LIMIT_REACHED', details },
            meta: { timestamp: new Date().toISOString() },
          }),
        });
      });
      await page.goto('/settings/profile');
      await page.getByLabel(en.settings.profile.fields.jobTitle).fill('Sales lead');
      await page.getByRole('button', { name: en.settings.actions.save }).click();
      const paywall = page.getByRole('dialog', {
        name: en.billing.paywall.title.limit_reached.replace('{{resource}}', en.billing.resource.leads),
      });
      await paywall.waitFor();
      const bar = paywall.getByRole('progressbar');
      assert.equal(await bar.getAttribute('aria-valuenow'), '100', 'usage above the limit is capped at 100 %');
      await paywall.getByText('120 of 100').waitFor();
      await screenshot(page, 'paywall-desktop-light');
      await assertAccessible(page, 'the paywall');
      // The generic modal closes on a click outside (spec 02 §2) ...
      await page.mouse.click(8, 400);
      await paywall.waitFor({ state: 'detached' });
      // ... and Upgrade closes it and opens the billing settings.
      await page.getByRole('button', { name: en.settings.actions.save }).click();
      await paywall.waitFor();
      await paywall.getByRole('button', { name: en.billing.paywall.upgrade }).click();
      await page.waitForURL(`${baseURL}/settings/billing`);

      // A 404 from the API (not a route) is a toast with the catalogue wording.
      await page.route('**/api/v1/organizations/*/', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'error',
            status_code: 404,
            error: { message: 'Not found', code: 'NOT_FOUND' },
            meta: { timestamp: new Date().toISOString() },
          }),
        }),
      );
      await page.goto('/settings/organization');
      await page.getByText(en.errors.api.notFound, { exact: true }).waitFor();
      await page.getByText(en.settings.organization.loadFailed).waitFor();
    } finally {
      await close();
    }
  }
}
