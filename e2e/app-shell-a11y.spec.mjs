/* global document, getComputedStyle -- only used inside page.evaluate(), which runs in the browser */
/**
 * axe on every page of the app shell, light and dark: the signed-out pages, the 404 page, the
 * signed-in shell's pages and its user menu (apart from app-shell.spec.mjs, so each stays short).
 */
import {
  assertAccessible,
  openPage,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
  locales,
} from './support.mjs';

const { en } = locales;

export default async function appShellA11y({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  for (const colorScheme of ['light', 'dark']) {
    const signedOut = ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/auth/verify-email'];
    const { page, close } = await openPage(browser, baseURL, { colorScheme });
    try {
      for (const path of [...signedOut, '/auth/reset-password?token=x', '/sv/no-such-page']) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        await assertAccessible(page, `${path} (${colorScheme})`);
      }
    } finally {
      await close();
    }

    const signedIn = await openPage(browser, baseURL, { colorScheme });
    try {
      await signIn(signedIn.context, baseURL, account);
      for (const path of ['/dashboard', '/onboarding', '/settings', '/settings/profile', '/sv/settings/organization']) {
        await signedIn.page.goto(path);
        await signedIn.page.locator('main h1').first().waitFor();
        await assertAccessible(signedIn.page, `${path} (${colorScheme})`);
      }
      await signedIn.page.goto('/dashboard');
      await signedIn.page
        .getByRole('button', { name: en.common.userMenu.label.replace('{{name}}', 'Ada Lovelace') })
        .click();
      // Checked once its opening animation is over: axe measures contrast with the opacity of
      // the moment, and a half-faded menu fails it.
      const menu = signedIn.page.getByRole('menu');
      await menu.waitFor();
      await menu.evaluate(async (element) => {
        // The animation may not have started at the first frame, so wait a frame before asking.
        await new Promise((resolve) =>
          globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(resolve)),
        );
        await Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished));
      });
      await signedIn.page.waitForFunction(
        () => getComputedStyle(document.querySelector('[role="menu"]')).opacity === '1',
      );
      await assertAccessible(signedIn.page, `the user menu (${colorScheme})`);
      await screenshot(signedIn.page, `user-menu-desktop-${colorScheme}`);
    } finally {
      await signedIn.close();
    }
  }
}
