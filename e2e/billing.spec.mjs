/**
 * Billing (spec 02 §2, §4; 03-decisions §4): a new organisation's owner opens /settings/billing
 * from the settings hub, sees the 14-day trial, chooses Starter, upgrades to Professional,
 * schedules a downgrade and resumes, cancels at the period end, and opens the usage page. The old
 * addresses lead there. The shell's billing banner (spec 02 §8) at a reached limit at 390x844 and
 * 1366x768, light and dark, English and Swedish, with axe on each, and dismissed for the session;
 * held leads released by an upgrade. /settings/billing in those sizes: billing-looks.spec.mjs.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  api,
  assertAccessible,
  locales,
  openPage,
  openSized,
  planCard,
  registerAccount,
  screenshot,
  signIn,
  SIZES,
  skipOnboarding,
} from './support.mjs';

const en = locales.en;
const sv = locales.sv;
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));
/** The part of a message before its first placeholder, for texts that carry a date. */
const lead = (text) => new RegExp(`^${text.split('{{')[0]}`);

/**
 * Pays on the local provider's checkout page the plan button just opened: billing details, a new
 * payment method by name, "Pay and start"; back on /settings/billing with the success toast.
 */
/** A label that starts with `text` (required fields add a mark after it). */
const startsWith = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function payAtCheckout(page, plan, { screenshotName } = {}) {
  const checkout = en.billing.checkout;
  await page.waitForURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: fill(checkout.heading, { plan }) }).waitFor();
  const fields = en.billing.details.fields;
  await page.getByLabel(startsWith(fields.name)).fill('Booth Co AB');
  await page.getByLabel(startsWith(fields.email)).fill('billing@boothco.example');
  await page.getByLabel(startsWith(fields.address_line1)).fill('Storgatan 1');
  await page.getByLabel(startsWith(fields.city)).fill('Stockholm');
  await page.getByLabel(startsWith(fields.postal_code)).fill('111 22');
  await page.getByLabel(startsWith(fields.country)).selectOption('SE');
  await page.getByLabel(startsWith(en.billing.methods.fields.label)).fill('Company Visa');
  await assertAccessible(page, `the checkout of ${plan}`);
  if (screenshotName) await screenshot(page, screenshotName);
  await page.getByRole('button', { name: fill(checkout.pay, { plan }) }).click();
  await page.getByText(en.billing.toast.checkoutSuccess, { exact: true }).waitFor();
  await page.waitForURL(/\/settings\/billing$/);
}

export default async function billing({ browser, baseURL }) {
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);

  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await signIn(context, baseURL, owner);
      await page.goto('/settings');
      await page.getByRole('link', { name: new RegExp(en.settings.hub.billing.title) }).click();
      await page.waitForURL(`${baseURL}/settings/billing`);
      await page.getByRole('heading', { level: 1, name: en.billing.page.title }).waitFor();

      // A new organisation tries Professional for 14 days.
      await page.getByRole('heading', { name: fill(en.billing.trial.banner_other, { count: 14 }) }).waitFor();
      await planCard(page, 'Professional').getByText(en.billing.plans.yourTrial).waitFor();
      await planCard(page, 'Enterprise').getByRole('link', { name: en.billing.plans.contactSales }).waitFor();
      await assertAccessible(page, '/settings/billing in the trial');

      // Annual prices and the saving.
      await page.locator('label', { hasText: en.billing.plans.annual }).click();
      await page.getByText(fill(en.billing.plans.save, { percent: '20%' })).waitFor();
      await planCard(page, 'Starter').getByText('$278.40').waitFor();
      await page.locator('label', { hasText: en.billing.plans.monthly }).click();
      await planCard(page, 'Starter').getByText('$29.00').waitFor();

      // Choose Starter: through the product's own checkout (the local provider), then back.
      await page.getByRole('button', { name: fill(en.billing.plans.choose, { plan: 'Starter' }) }).click();
      await payAtCheckout(page, 'Starter', { screenshotName: 'billing-checkout-desktop-light-en' });
      await planCard(page, 'Starter').getByRole('button', { name: en.billing.plans.current }).waitFor();
      assert.equal(await page.getByRole('heading', { name: /free trial/ }).count(), 0, 'the trial banner is gone');

      // Its invoice, paid, downloaded as a PDF.
      const number = `INV-${new Date().getUTCFullYear()}-0001`;
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: fill(en.billing.invoices.downloadFor, { number }) }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `${number}.pdf`);
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', 'the invoice is a PDF');
      assert.ok(pdf.includes(number), 'the PDF carries the invoice number');

      // Upgrade to Professional, at once.
      await page.getByRole('button', { name: fill(en.billing.plans.upgradeTo, { plan: 'Professional' }) }).click();
      await page.getByText(fill(en.billing.toast.upgraded, { plan: 'Professional' }), { exact: true }).waitFor();
      await planCard(page, 'Professional').getByRole('button', { name: en.billing.plans.current }).waitFor();

      // Schedule a downgrade to Starter (confirmed: at the period end), then resume.
      await page.getByRole('button', { name: fill(en.billing.plans.downgradeTo, { plan: 'Starter' }) }).click();
      const downgrade = page.getByRole('dialog', {
        name: fill(en.billing.confirm.downgradeTitle, { plan: 'Starter' }),
      });
      await downgrade.getByText(lead(en.billing.confirm.downgradeBody)).waitFor();
      await assertAccessible(page, 'the downgrade dialog');
      await downgrade.getByRole('button', { name: en.billing.confirm.downgradeConfirm }).click();
      await page
        .getByText(lead(en.billing.toast.downgraded.replace('{{plan}}', 'Starter')))
        .first()
        .waitFor();
      await planCard(page, 'Starter').getByRole('button', { name: en.billing.plans.scheduled }).waitFor();
      await page.getByRole('button', { name: en.billing.current.resume, exact: true }).click();
      await page.getByText(en.billing.toast.resumed, { exact: true }).waitFor();
      await planCard(page, 'Starter')
        .getByRole('button', { name: fill(en.billing.plans.downgradeTo, { plan: 'Starter' }) })
        .waitFor();

      // Cancel at the period end.
      await page.getByRole('button', { name: en.billing.current.cancel }).click();
      const cancel = page.getByRole('dialog', { name: en.billing.confirm.cancelTitle });
      await cancel.getByRole('button', { name: en.billing.confirm.cancelConfirm }).click();
      await page.getByText(lead(en.billing.toast.cancelled)).waitFor();
      await page.getByText(lead(en.billing.current.endsOn)).waitFor();
      await page.getByRole('button', { name: en.billing.current.resume, exact: true }).waitFor();
      await assertAccessible(page, '/settings/billing while cancelling');
      await screenshot(page, 'billing-cancelling-desktop-light-en');

      // Usage, linked from the page.
      await page.getByRole('link', { name: en.billing.page.viewUsage }).click();
      await page.waitForURL(`${baseURL}/settings/billing/usage`);
      await page.getByRole('progressbar', { name: en.billing.usage.resource.leads }).waitFor();
      assert.equal(
        await page
          .getByRole('progressbar', { name: en.billing.usage.resource.team_members })
          .getAttribute('aria-valuenow'),
        '10',
        'one member of ten on Professional',
      );
      await page.getByText(en.billing.usage.unlimited, { exact: true }).first().waitFor();
      await assertAccessible(page, '/settings/billing/usage');
      await screenshot(page, 'billing-usage-desktop-light-en');
      await page.getByRole('link', { name: en.billing.usage.back }).click();
      await page.waitForURL(`${baseURL}/settings/billing`);

      // The other addresses of the billing pages.
      await page.goto('/dashboard/settings/billing?upgrade=enterprise');
      await page.waitForURL(`${baseURL}/settings/billing?upgrade=enterprise`);
      await page.locator('#plan-enterprise[data-highlighted]').waitFor();
      await page.goto('/sv/dashboard/analytics/usage');
      await page.waitForURL(`${baseURL}/sv/settings/billing/usage`);
      await page.getByRole('heading', { level: 1, name: sv.billing.usage.title }).waitFor();

      // The return from a checkout: one toast, the parameter gone.
      await page.goto('/settings/billing?checkout=success');
      await page.getByText(en.billing.toast.checkoutSuccess, { exact: true }).waitFor();
      await page.waitForURL(`${baseURL}/settings/billing`);
      assertNoProblems();
    } finally {
      await close();
    }
  }

  // On Free with its one active event: the shell's banner says the events limit is reached.
  const full = await registerAccount(baseURL);
  await skipOnboarding(baseURL, full);
  const current = await api(baseURL, 'GET', '/billing/subscriptions/current/', full.access);
  await api(baseURL, 'POST', `/billing/subscriptions/${current.id}/cancel/`, full.access, {
    cancel_at_period_end: false,
  });
  await api(baseURL, 'POST', '/events/', full.access, { name: 'Spring fair', status: 'active' });
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      for (const language of ['en', 'sv']) {
        const { page, context, assertNoProblems, close } = await openSized(browser, baseURL, { ...size, colorScheme });
        try {
          await signIn(context, baseURL, full);
          await page.goto(language === 'en' ? '/dashboard' : '/sv/dashboard');
          const strings = locales[language].billing;
          const banner = page.getByRole('region', { name: strings.banner.label });
          await banner
            .getByRole('heading', {
              name: fill(strings.banner.limitReached.title, { resource: strings.resource.events }),
            })
            .waitFor();
          await banner.getByRole('link', { name: strings.banner.upgrade }).waitFor();
          const overflow = await page.evaluate(
            () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
          );
          assert.ok(overflow <= 0, `the banner scrolls sideways by ${overflow}px (${size.name})`);
          await assertAccessible(page, `the billing banner (${size.name}, ${colorScheme}, ${language})`);
          await screenshot(page, `billing-banner-${size.name}-${colorScheme}-${language}`, { fullPage: false });
          if (size.name === 'desktop' && colorScheme === 'light' && language === 'en') {
            // Not on the billing pages, which say it themselves.
            await banner.getByRole('link', { name: strings.banner.upgrade }).click();
            await page.waitForURL(`${baseURL}/settings/billing`);
            await page.getByRole('heading', { level: 1, name: strings.page.title }).waitFor();
            assert.equal(await banner.count(), 0, 'no banner on the billing page');
            await page.goto('/dashboard');
            await banner.getByRole('button', { name: strings.banner.dismiss }).click();
            await banner.waitFor({ state: 'detached' });
            await page.reload();
            await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForLoadState('networkidle');
            assert.equal(await banner.count(), 0, 'a dismissed banner stays away for the session');
          }
          assertNoProblems();
        } finally {
          await close();
        }
      }
    }
  }

  // Past Free's 25 leads this month, a visitor's capture is held: the leads list offers the
  // upgrade, the paywall leads to the plans, the local checkout starts Starter, and the held
  // lead appears.
  for (let i = 1; i <= 25; i++) {
    await api(baseURL, 'POST', '/leads/', full.access, {
      first_name: 'Lead',
      last_name: `No ${i}`,
      email: `lead${i}.${Date.now()}@example.com`,
    });
  }
  const [expo] = (await api(baseURL, 'GET', '/events/', full.access)).results;
  const held = await fetch(new URL(`/api/v1/public/events/${expo.slug}/leads/`, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Vera',
      last_name: 'Held',
      email: `vera.${Date.now()}@example.com`,
      company: 'Fjord AB',
    }),
  });
  assert.equal(held.status, 201, `the visitor is thanked as for any lead: ${await held.text()}`);
  {
    const { page, context, assertNoProblems, close } = await openPage(browser, baseURL);
    try {
      await signIn(context, baseURL, full);
      await page.goto('/leads');
      const gate = page.getByRole('region', { name: en.leads.gate.title });
      await gate.getByText(fill(en.leads.gate.body_one, { formatted: '1' })).waitFor();
      assert.equal(await page.getByText('Vera Held').count(), 0, 'a held lead is not listed');
      await screenshot(page, 'billing-held-leads-desktop-light-en');
      await gate.getByRole('button', { name: en.leads.gate.action }).click();
      const paywall = page.getByRole('dialog');
      await paywall.getByRole('button', { name: en.billing.paywall.upgrade }).click();
      await page.waitForURL(/\/settings\/billing/);
      await page.getByRole('button', { name: fill(en.billing.plans.choose, { plan: 'Starter' }) }).click();
      await payAtCheckout(page, 'Starter');
      await page.goto('/leads');
      await page.getByText('Vera Held').first().waitFor();
      assert.equal(await gate.count(), 0, 'nothing is held any more');
      assertNoProblems();
    } finally {
      await close();
    }
  }
}
