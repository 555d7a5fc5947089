/**
 * Staff console (issue 29): the staff account made at start (STAFF_EMAIL, e2e/run.mjs) signs in
 * at /staff/login with its password, enrols TOTP (the code computed here, RFC 6238), finds a
 * customer, impersonates them read-only with a reason, sees the banner on the tenant pages,
 * cannot create a lead (403), exits; the organisation's owner then reads that impersonation, with
 * its reason, in the audit log API.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import enStaff from '../apps/web/src/locales/en/staff.json' with { type: 'json' };
import svStaff from '../apps/web/src/locales/sv/staff.json' with { type: 'json' };
import { api, assertAccessible, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

const STAFF = { email: 'staff@e2e.example.com', password: 'E2E-staff-console-2026' };
const en = enStaff;

function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238: HMAC-SHA-1 over the 30 s step, 6 digits. */
function totp(secret, at = Date.now()) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export default async function staff({ browser, baseURL }) {
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);

  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  try {
    await page.goto('/staff/login');
    await page.getByLabel(en.login.email).fill(STAFF.email);
    await page.getByLabel(en.login.password).fill(STAFF.password);
    await page.getByRole('button', { name: en.login.submit }).click();
    // First sign-in: the enrolment with the QR code and the recovery codes.
    await page.getByRole('heading', { name: en.login.enrolTitle }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await screenshot(page, 'staff-login-enrol');
    await page.getByLabel(en.login.code).fill(totp(secret));
    await page.getByRole('button', { name: en.login.verify }).click();

    await page.getByRole('heading', { name: en.users.title }).waitFor();
    // Every console page passes axe, in the light and the dark theme (the console's own layout).
    const consolePages = [
      '/staff/users',
      '/staff/organizations',
      `/staff/organizations/${owner.organization.id}`,
      '/staff/audit',
      '/staff/system',
    ];
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      for (const path of consolePages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await assertAccessible(page, `${path} (${colorScheme})`);
        await screenshot(
          page,
          `staff-console${path.replace(/\/[0-9a-f-]{36}$/, '-detail').replaceAll('/', '-')}-${colorScheme}`,
        );
      }
    }
    // In Swedish on a phone, dark: the same pages, without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of consolePages) {
      await page.goto(`/sv${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.evaluate(() => globalThis.document.documentElement.lang), 'sv');
      if (path === '/staff/users') await page.getByRole('heading', { level: 1, name: svStaff.users.title }).waitFor();
      const overflow = await page.evaluate(
        () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
      );
      assert.ok(overflow <= 0, `/sv${path} scrolls sideways by ${overflow}px on a phone`);
      await assertAccessible(page, `/sv${path} (phone, dark)`);
      await screenshot(
        page,
        `staff-console-sv${path.replace(/\/[0-9a-f-]{36}$/, '-detail').replaceAll('/', '-')}-phone-dark`,
      );
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/staff/users');
    await page.getByRole('heading', { name: en.users.title }).waitFor();
    await page.getByRole('searchbox').fill(owner.email);
    const card = page.getByRole('listitem').filter({ hasText: owner.email });
    await card.waitFor();
    await screenshot(page, 'staff-users');
    const reason = 'Ticket 1234: leads list looks empty';
    await card.getByLabel(en.users.reason).fill(reason);
    await card.getByRole('button', { name: en.users.impersonate }).click();

    // The tenant app, as the customer, with the banner.
    const banner = page.getByRole('status').filter({ hasText: owner.email });
    await banner.waitFor({ timeout: 15_000 });
    assert.match((await banner.textContent()) ?? '', /read-only/);
    await screenshot(page, 'staff-impersonation-banner');

    // Read-only: creating a lead is refused by the server.
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('leadcapture:impersonation') ?? '{}').access,
    );
    const refused = await page.evaluate(async (access) => {
      const response = await fetch('/api/v1/leads/', {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Not', last_name: 'Allowed', email: 'not-allowed@example.com' }),
      });
      return { status: response.status, body: await response.json() };
    }, token);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.match(refused.body.error.message, /read-only/);

    await banner.getByRole('button', { name: en.banner.exit }).click();
    await page.getByRole('heading', { name: en.users.title }).waitFor();
    // The impersonation token is dead.
    const after = await fetch(new URL('/api/v1/leads/', baseURL), { headers: { authorization: `Bearer ${token}` } });
    assert.equal(after.status, 401);
  } finally {
    await context.close();
  }

  // The owner reads the impersonation, with its reason and the staff member, in the audit log.
  const audit = await api(baseURL, 'GET', '/audit-logs/?action=staff.impersonation&page_size=100', owner.access);
  const actions = audit.results.map((row) => row.action).sort();
  assert.deepEqual(actions, ['staff.impersonation_ended', 'staff.impersonation_started']);
  for (const row of audit.results) {
    assert.equal(row.staff_email, STAFF.email);
    assert.equal(row.metadata.reason, 'Ticket 1234: leads list looks empty');
  }
  const requests = await api(baseURL, 'GET', '/audit-logs/?action=impersonation.request&page_size=100', owner.access);
  assert.ok(requests.results.some((row) => row.metadata.method === 'POST' && row.metadata.status === 403));

  // By category: only the staff's rows (the owner's own sign-ins are in another category).
  const staffRows = await api(baseURL, 'GET', '/audit-logs/?category=staff&page_size=100', owner.access);
  assert.ok(staffRows.results.length >= 3);
  assert.ok(staffRows.results.every((row) => row.staff_email === STAFF.email));

  // And on the Audit log page of the organisation's settings, in both languages and themes, on a
  // laptop (a table) and a phone (cards), in words and never sideways.
  const phone = { width: 390, height: 844 };
  const laptop = { width: 1366, height: 768 };
  for (const [language, colorScheme, viewport] of [
    ['en', 'light', laptop],
    ['en', 'light', phone],
    ['sv', 'dark', phone],
    ['sv', 'dark', laptop],
  ]) {
    const device = viewport === phone ? 'phone' : 'laptop';
    const ownerContext = await browser.newContext({ baseURL, colorScheme, viewport });
    try {
      await signIn(ownerContext, baseURL, owner);
      const ownerPage = await ownerContext.newPage();
      const prefix = language === 'en' ? '' : '/sv';
      await ownerPage.goto(`${prefix}/settings/audit-log`);
      const strings = language === 'en' ? enStaff : svStaff;
      await ownerPage.getByRole('heading', { name: strings.orgAudit.title }).waitFor();
      const visible = (text) => ownerPage.getByText(text, { exact: true }).locator('visible=true').first();
      await visible(fill(strings.auditActions.staff.impersonation_started, { user: owner.email })).waitFor();
      await visible(fill(strings.audit.staffMember, { staff: STAFF.email })).waitFor();
      await visible(fill(strings.audit.reason, { reason: 'Ticket 1234: leads list looks empty' })).waitFor();
      await visible(strings.auditActions.auth.login).waitFor();
      assert.equal(await ownerPage.getByText('staff.impersonation_started').locator('visible=true').count(), 0);
      await ownerPage.waitForLoadState('networkidle');
      const overflow = await ownerPage.evaluate(
        () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
      );
      assert.ok(overflow <= 0, `the owner's audit log scrolls sideways by ${overflow}px (${language}, ${device})`);
      await assertAccessible(ownerPage, `owner audit log (${language}, ${colorScheme}, ${device})`);
      await screenshot(ownerPage, `staff-owner-audit-${language}-${colorScheme}-${device}`);
      // The category filter, kept in the address: the staff's rows only.
      await ownerPage
        .getByLabel(strings.orgAudit.categoryFilter)
        .selectOption({ label: strings.auditCategories.staff });
      await ownerPage.waitForURL(/\?category=staff$/);
      await visible(fill(strings.auditActions.staff.impersonation_ended, { user: owner.email })).waitFor();
      await ownerPage
        .getByText(strings.auditActions.auth.login, { exact: true })
        .locator('visible=true')
        .first()
        .waitFor({
          state: 'detached',
        });
      await screenshot(ownerPage, `staff-owner-audit-${language}-${colorScheme}-${device}-staff`);
      const staffPage = await ownerContext.newPage();
      await staffPage.goto(language === 'en' ? '/staff/login' : '/sv/staff/login');
      await staffPage.getByRole('heading', { name: strings.login.title }).waitFor();
      await screenshot(staffPage, `staff-login-${language}-${colorScheme}`);
    } finally {
      await ownerContext.close();
    }
  }
}
