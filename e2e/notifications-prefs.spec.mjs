/**
 * Notification preferences (issue 25 point 2): the owner turns off email for leads at
 * /settings/notifications, a visitor's capture at the owner's event is a hot lead (the
 * organisation's hot score set to 1, so the mail would go at once, never waiting for a digest),
 * and the bell shows it without a mail being sent: the delivery log has the in-app row and no
 * email. axe on the settings page (preferences, templates, log) and the bell's popover; the
 * settings page in Swedish on a phone, dark. The daily summary's hour is changed and kept after a reload.
 */
import assert from 'node:assert/strict';
import enNotifications from '../apps/web/src/locales/en/notifications.json' with { type: 'json' };
import svNotifications from '../apps/web/src/locales/sv/notifications.json' with { type: 'json' };
import {
  api,
  assertAccessible,
  mailsTo,
  openPage,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
  waitUntil,
} from './support.mjs';

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

export default async function notificationsPrefs({ browser, baseURL, dataDir }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const token = account.access;
  const event = await api(baseURL, 'POST', '/events/', token, {
    name: `Prefs Expo ${Date.now()}`,
    status: 'active',
    location: 'Älvsjö',
  });
  await api(baseURL, 'PATCH', '/notifications/settings/', token, { hot_lead_score_threshold: 1 });

  // 1. In the browser: email off for leads.
  const desk = await openPage(browser, baseURL);
  await signIn(desk.context, baseURL, account);
  const { page } = desk;
  await page.goto('/settings/notifications');
  await page.getByRole('heading', { level: 1, name: enNotifications.settings.title }).waitFor();
  const s = enNotifications.settings;
  const emailForLeads = page.getByRole('checkbox', {
    name: fill(s.preferences.toggle, { channel: s.channels.email, category: s.categories.leads.title }),
  });
  assert.equal(await emailForLeads.isChecked(), true);
  await emailForLeads.uncheck();
  await page.getByText(s.preferences.saved).first().waitFor();
  const saved = await api(baseURL, 'GET', '/notifications/preferences/me/', token);
  assert.equal(saved.preferences.find((p) => p.category === 'leads').email, false);
  // The daily summary's hour: changed, saved at once, still there after a reload.
  const digestHour = page.getByRole('combobox', { name: s.preferences.digestHour });
  assert.equal(await digestHour.inputValue(), '8');
  await digestHour.selectOption('17');
  await waitUntil(
    async () => (await api(baseURL, 'GET', '/notifications/preferences/me/', token)).digest_hour === 17,
    'the digest hour saved',
    30_000,
  );
  await page.reload();
  await page.getByRole('heading', { level: 1, name: s.title }).waitFor();
  await waitUntil(async () => (await digestHour.inputValue()) === '17', 'the digest hour after a reload', 10_000);
  await page.getByText(fill(s.preferences.digestHelp, { hour: '17', timezone: saved.timezone })).waitFor();
  await assertAccessible(page, '/settings/notifications');
  await screenshot(page, 'notification-settings-desktop-light');

  await page.getByRole('tab', { name: s.tabs.templates }).click();
  await page.getByRole('textbox', { name: s.templates.subject }).waitFor();
  await page.getByRole('button', { name: s.templates.preview }).click();
  await page.getByRole('heading', { name: s.templates.previewTitle }).waitFor();
  await assertAccessible(page, '/settings/notifications templates');
  await screenshot(page, 'notification-templates-desktop-light');

  // 2. A visitor's capture: a hot lead (score ≥ 1) for the event's creator.
  const captured = await api(baseURL, 'POST', `/public/events/${event.slug}/leads/`, null, {
    source: 'qr_scan',
    website_url: '',
    first_name: 'Vera',
    last_name: 'Lund',
    email: `vera-${Date.now()}@example.com`,
    company: 'Lund AB',
  });
  assert.equal(captured.status, 'received');
  await waitUntil(
    async () => (await api(baseURL, 'GET', '/notifications/inbox/unread_count/', token)).unread_count === 1,
    'the hot-lead notification',
    30_000,
  );

  await page.goto('/dashboard');
  await page.getByRole('button', { name: fill(enNotifications.bell.label_one, { count: 1 }) }).click();
  const panel = page.getByRole('dialog', { name: enNotifications.bell.title });
  const item = panel.getByRole('link', { name: /Hot lead: Vera Lund/ });
  await item.waitFor();
  await assertAccessible(page, 'the bell with a hot lead');
  await screenshot(page, 'notification-hot-lead-bell-desktop-light');
  await item.click();
  await page.waitForURL(`**/leads/${captured.id}`);

  // 3. No mail: the log has the in-app delivery and no email, and no hot-lead mail is on disk.
  const logs = await api(baseURL, 'GET', '/notifications/logs/', token);
  assert.deepEqual(
    logs.results.map((l) => [l.channel, l.template, l.status]),
    [['in_app', 'lead_hot', 'sent']],
  );
  const mails = await mailsTo(dataDir, account.email, { timeoutMs: 1000 });
  assert.equal(mails.filter((m) => m.includes('hot lead')).length, 0, 'no hot-lead mail');

  await page.goto('/settings/notifications');
  await page.getByRole('tab', { name: s.tabs.logs }).click();
  await page.getByRole('cell', { name: s.templateNames.lead_hot }).first().waitFor();
  await assertAccessible(page, '/settings/notifications log');
  await screenshot(page, 'notification-log-desktop-light');
  desk.assertNoProblems();
  await desk.close();

  const phone = await openPage(browser, baseURL, { device: 'phone', colorScheme: 'dark' });
  await signIn(phone.context, baseURL, account);
  await phone.page.goto('/sv/settings/notifications');
  await phone.page.getByRole('heading', { level: 1, name: svNotifications.settings.title }).waitFor();
  await phone.page
    .getByRole('checkbox', {
      name: fill(svNotifications.settings.preferences.toggle, {
        channel: svNotifications.settings.channels.email,
        category: svNotifications.settings.categories.leads.title,
      }),
    })
    .waitFor();
  await assertAccessible(phone.page, '/sv/settings/notifications (phone, dark)');
  await screenshot(phone.page, 'notification-settings-sv-phone-dark');
  phone.assertNoProblems();
  await phone.close();

  // The settings page as people see it: both languages, both themes, a phone and a laptop.
  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1366, height: 768 }],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      for (const language of ['en', 'sv']) {
        const context = await browser.newContext({ baseURL, viewport, colorScheme });
        await signIn(context, baseURL, account);
        const view = await context.newPage();
        await view.goto(`${language === 'sv' ? '/sv' : ''}/settings/notifications`);
        const strings = language === 'sv' ? svNotifications : enNotifications;
        await view.getByRole('heading', { level: 1, name: strings.settings.title }).waitFor();
        await view.getByRole('checkbox').first().waitFor();
        await screenshot(view, `notification-settings-${language}-${device}-${colorScheme}`);
        await context.close();
      }
    }
  }
}
