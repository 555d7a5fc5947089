/**
 * Follow-up reminders and the notifications inbox (issue 5): a lead with a follow-up today,
 * seeded through the API; the server's scheduler (SCHEDULER_INTERVAL_MS, 2 s in run.mjs) sends
 * the reminder by itself. In the browser: the bell says one unread, its popover shows the
 * reminder and leads to the lead, the notifications page lists it read; the mail is on disk.
 * axe on the open popover and on the page, and the page in Swedish on a phone.
 */
import assert from 'node:assert/strict';
import enNotifications from '../apps/web/src/locales/en/notifications.json' with { type: 'json' };
import svNotifications from '../apps/web/src/locales/sv/notifications.json' with { type: 'json' };
import {
  assertAccessible,
  mailsTo,
  openPage,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
  waitUntil,
} from './support.mjs';

async function api(baseURL, method, path, token, body) {
  const response = await fetch(new URL(`/api/v1${path}`, baseURL), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

export default async function notifications({ browser, baseURL, dataDir }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const token = account.access;

  const lead = await api(baseURL, 'POST', '/leads/', token, {
    first_name: 'Greta',
    last_name: 'Holm',
    company: 'Fjord AB',
    follow_up_date: new Date().toISOString(),
  });
  // The scheduler's next run reminds the creator of this unassigned lead.
  await waitUntil(
    async () => (await api(baseURL, 'GET', '/notifications/inbox/unread_count/', token)).unread_count === 1,
    'the follow-up reminder',
    30_000,
  );
  // The outbox delivers the reminder's mail after the registration's confirmation mail.
  const mail = await waitUntil(
    async () => (await mailsTo(dataDir, account.email)).find((m) => m.includes('Follow-up due today')),
    'the reminder mail',
    30_000,
  );
  // Quoted-printable: soft line breaks may fall anywhere in the link.
  assert.ok(mail.replace(/=\r?\n/g, '').includes(`/leads/${lead.id}`), 'the mail links to the lead');

  const text = fill(enNotifications.types.lead_follow_up_due.withCompany, { name: 'Greta Holm', company: 'Fjord AB' });
  const desk = await openPage(browser, baseURL);
  await signIn(desk.context, baseURL, account);
  const { page } = desk;
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: fill(enNotifications.bell.label_one, { count: 1 }) });
  await bell.click();
  const panel = page.getByRole('dialog', { name: enNotifications.bell.title });
  const link = panel.getByRole('link', { name: text });
  await link.waitFor();
  await assertAccessible(page, 'the notifications popover');
  await screenshot(page, 'notifications-popover-desktop-light');
  await link.click();
  await page.waitForURL(`**/leads/${lead.id}`);
  await page.getByRole('button', { name: enNotifications.bell.labelNone }).waitFor();

  await page.goto('/notifications');
  await page.getByRole('heading', { level: 1, name: enNotifications.page.title }).waitFor();
  await page.getByRole('link', { name: text }).waitFor();
  // Read: no "mark as read" left for it.
  assert.equal(await page.getByRole('button', { name: fill(enNotifications.item.markRead, { text }) }).count(), 0);
  await assertAccessible(page, '/notifications');
  desk.assertNoProblems();
  await desk.close();

  const phone = await openPage(browser, baseURL, { device: 'phone' });
  await signIn(phone.context, baseURL, account);
  await phone.page.goto('/sv/notifications');
  await phone.page.getByRole('heading', { level: 1, name: svNotifications.page.title }).waitFor();
  await screenshot(phone.page, 'notifications-sv-phone-light');
  const svText = fill(svNotifications.types.lead_follow_up_due.withCompany, {
    name: 'Greta Holm',
    company: 'Fjord AB',
  });
  await phone.page.getByRole('button', { name: fill(svNotifications.item.delete, { text: svText }) }).click();
  await phone.page.getByRole('heading', { name: svNotifications.list.empty }).waitFor();
  assert.equal((await api(baseURL, 'GET', '/notifications/', token)).count, 0);
  await assertAccessible(phone.page, '/sv/notifications (phone)');
  phone.assertNoProblems();
  await phone.close();
}
