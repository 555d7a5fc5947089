/**
 * Onboarding and settings (issue 3, points 6 and 7): a new account is sent to the wizard once,
 * its progress survives a reload, finishing lands on the dashboard without a loop; the profile
 * and organisation pages save, the logo uploads; axe and screenshots on every page built here.
 */
import assert from 'node:assert/strict';
import { deflateSync, crc32 } from 'node:zlib';
import { assertAccessible, locales, openPage, registerAccount, screenshot, signIn } from './support.mjs';

const { en, sv } = locales;

/** No serious or critical axe violations; the message lists what failed and where. */

/** A real PNG (the server checks the content, not the name): size × size pixels of one colour. */
function makePng(size = 8) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [37, 99, 235]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const progress = (strings, current) =>
  strings.dashboard.onboarding.progress.replace('{{current}}', String(current)).replace('{{total}}', '5');

export default async function onboardingSettings({ browser, baseURL }) {
  const account = await registerAccount(baseURL);

  // --- Onboarding: detour once, resume after reload, finish to the dashboard, no loop ---------
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await signIn(context, baseURL, account);
      await page.goto('/dashboard');
      await page.waitForURL(`${baseURL}/onboarding`);
      await page.getByText(progress(en, 1)).waitFor();
      await assertAccessible(page, 'onboarding');
      await screenshot(page, 'onboarding-desktop-light-en');

      await page.getByRole('button', { name: en.dashboard.onboarding.continue }).click();
      await page.getByRole('heading', { level: 1, name: en.dashboard.onboarding.steps.create_event.title }).waitFor();
      // This journey skips the steps that do work (e2e/front-door.spec.mjs does them).
      await page.getByRole('button', { name: en.dashboard.onboarding.skipStep }).click();
      await page.getByRole('heading', { level: 1, name: en.dashboard.onboarding.steps.setup_forms.title }).waitFor();
      // Saved on the server: a reload resumes on step 3.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await page.getByText(progress(en, 3)).waitFor();

      await page.getByRole('button', { name: en.dashboard.onboarding.back }).click();
      await page.getByText(progress(en, 2)).waitFor();
      for (let step = 2; step < 5; step += 1) {
        await page.getByRole('button', { name: en.dashboard.onboarding.skipStep }).click();
        await page.getByText(progress(en, step + 1)).waitFor();
      }
      await page.getByRole('button', { name: en.dashboard.onboarding.finish }).click();
      await page.waitForURL(`${baseURL}/dashboard`);
      await page.reload();
      await page.waitForLoadState('networkidle');
      assert.equal(new URL(page.url()).pathname, '/dashboard', 'finished onboarding does not send back');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- A fresh session of a finished user: straight to the dashboard ---------------------------
  {
    const { page, context, close } = await openPage(browser, baseURL);
    try {
      await signIn(context, baseURL, account);
      await page.goto('/dashboard');
      await page.waitForLoadState('networkidle');
      assert.equal(new URL(page.url()).pathname, '/dashboard');
    } finally {
      await close();
    }
  }

  // --- Settings hub, profile, organisation (desktop, light, English) --------------------------
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await signIn(context, baseURL, account);
      await page.goto('/settings');
      await page.getByRole('heading', { level: 1, name: en.settings.hub.title }).waitFor();
      // Every card leads somewhere now, notifications included.
      await page.getByRole('link', { name: new RegExp(en.settings.hub.notifications.title) }).waitFor();
      await assertAccessible(page, 'settings hub');
      await screenshot(page, 'settings-desktop-light-en');

      await page.getByRole('link', { name: new RegExp(en.settings.hub.profile.title) }).click();
      await page.waitForURL(`${baseURL}/settings/profile`);
      await page.getByLabel(en.settings.profile.fields.jobTitle).fill('Head of Sales');
      await page.getByLabel(en.settings.profile.fields.timezone).selectOption('Asia/Tokyo');
      await page.getByRole('button', { name: en.settings.actions.save }).click();
      await page.getByText(en.settings.profile.saved, { exact: true }).waitFor();
      await page.reload();
      assert.equal(await page.getByLabel(en.settings.profile.fields.jobTitle).inputValue(), 'Head of Sales');
      await assertAccessible(page, 'profile');
      await screenshot(page, 'profile-desktop-light-en');

      // The delete dialog (not confirmed): axe on it too.
      await page.getByRole('button', { name: en.settings.danger.open }).click();
      await page.getByRole('dialog').waitFor();
      await assertAccessible(page, 'delete account dialog');
      await page.getByRole('button', { name: en.settings.danger.cancel }).click();

      await page.goto('/settings/organization');
      await page.getByText(en.common.logo.guidance).waitFor();
      await page.locator('input[type=file]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: makePng(),
      });
      await page.getByText(en.common.logo.uploaded, { exact: true }).waitFor();
      const logo = page.getByRole('img', { name: en.common.logo.alt.replace('{{name}}', 'Booth AB') });
      await logo.waitFor();
      // The public address really serves the image.
      await logo.evaluate((img) =>
        img.complete
          ? img.naturalWidth > 0 || Promise.reject(new Error(`logo did not load: ${img.src}`))
          : new Promise((resolve, reject) => {
              img.addEventListener('load', resolve);
              img.addEventListener('error', () => reject(new Error(`logo did not load: ${img.src}`)));
            }),
      );

      await page.getByLabel(en.settings.organization.fields.city).fill('Göteborg');
      await page.getByRole('button', { name: en.settings.actions.save }).click();
      await page.getByText(en.settings.organization.saved, { exact: true }).waitFor();
      await assertAccessible(page, 'organization');
      await screenshot(page, 'organization-desktop-light-en');
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // --- Phone, dark, Swedish ------------------------------------------------------------------
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL, {
      device: 'phone',
      colorScheme: 'dark',
    });
    try {
      await signIn(context, baseURL, account);
      for (const [path, name, heading] of [
        ['/sv/onboarding', 'onboarding', sv.dashboard.onboarding.steps.complete.title],
        ['/sv/settings', 'settings', sv.settings.hub.title],
        ['/sv/settings/profile', 'profile', sv.settings.profile.title],
        ['/sv/settings/organization', 'organization', sv.settings.organization.title],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await assertAccessible(page, `${name} (sv, phone, dark)`);
        await screenshot(page, `${name}-phone-dark-sv`);
      }
      await page.goto('/sv/settings/profile');
      await page.getByRole('button', { name: sv.settings.danger.open }).click();
      await page.getByLabel(sv.settings.danger.typeWord.replace('{{word}}', 'RADERA')).waitFor();
      await screenshot(page, 'delete-account-phone-dark-sv');
      assertNoProblems();
    } finally {
      await close();
    }
  }
}
