/**
 * Outgoing webhooks (issue 24): an owner adds a webhook in /settings/integrations pointing at a
 * receiver in this process, copies the secret shown once, creates a lead, sees its delivery in
 * the log, and resends it: the receiver gets the same webhook-id twice, each signature verified
 * with the secret. Screenshots in English and Swedish, light and dark, laptop and phone; axe on
 * the section, the dialog and the log.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import enWebhooks from '../apps/web/src/locales/en/webhooks.json' with { type: 'json' };
import svWebhooks from '../apps/web/src/locales/sv/webhooks.json' with { type: 'json' };
import { api, assertAccessible, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));
const laptop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function startReceiver() {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, received, close: () => server.close() };
}

async function until(check, what, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function open(browser, baseURL, account, { device = laptop, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ baseURL, colorScheme, ...device });
  await signIn(context, baseURL, account);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { page, problems, close: () => context.close() };
}

export default async function webhooks({ browser, baseURL }) {
  const receiver = await startReceiver();
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);
  const t = enWebhooks;
  try {
    // 1. Add a webhook in the UI; the secret is shown once.
    let secret;
    {
      const { page, problems, close } = await open(browser, baseURL, owner);
      await page.goto('/settings/integrations');
      await page.getByRole('heading', { name: t.title, exact: true }).waitFor();
      await page.getByText(t.emptyTitle).waitFor();
      await assertAccessible(page, 'webhooks, empty');
      await page.getByRole('button', { name: t.add }).click();
      const dialog = page.getByRole('dialog', { name: t.form.createTitle });
      await dialog.getByRole('textbox', { name: new RegExp(`^${t.form.name}`) }).fill('Local receiver');
      await dialog.getByRole('textbox', { name: new RegExp(`^${t.form.url}`) }).fill(receiver.url);
      await dialog.getByRole('checkbox', { name: new RegExp(t.events.lead.status_changed) }).check();
      await assertAccessible(page, 'the add webhook dialog');
      await screenshot(page, 'webhooks-create-laptop-en-light', { fullPage: false });
      await dialog.getByRole('button', { name: t.form.create }).click();
      const shown = page.getByRole('dialog', { name: fill(t.secret.title, { name: 'Local receiver' }) });
      secret = (await shown.getByLabel(t.secret.label).textContent()).trim();
      assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      await screenshot(page, 'webhooks-secret-laptop-en-light', { fullPage: false });
      await shown.getByRole('button', { name: t.secret.done }).click();
      await page.getByRole('list', { name: t.title }).getByText('Local receiver').waitFor();
      assert.deepEqual(problems, []);
      await close();
    }

    // 2. A lead is created (through the API, as a colleague would): its delivery arrives, signed.
    const lead = await api(baseURL, 'POST', '/leads/', owner.access, {
      first_name: 'Greta',
      last_name: 'Berg',
      email: `greta.${Date.now()}@example.com`,
      company: 'Fjord AB',
    });
    const first = await until(
      () => receiver.received.find((r) => JSON.parse(r.body).data?.id === lead.id),
      'the lead.created delivery',
    );
    const verifier = new Webhook(secret);
    assert.equal(verifier.verify(first.body, first.headers).type, 'lead.created');
    const messageId = first.headers['webhook-id'];

    // 3. The log shows the delivery; Resend sends the same webhook-id again.
    {
      const { page, problems, close } = await open(browser, baseURL, owner);
      await page.goto('/settings/integrations');
      await page.getByRole('button', { name: t.actions.log }).click();
      const log = page.getByRole('list', { name: t.log.title });
      const row = log.getByRole('listitem').filter({ hasText: messageId });
      await row.getByText(t.log.status.delivered).waitFor();
      await row.getByText('lead.created').waitFor();
      await assertAccessible(page, 'the delivery log');
      await screenshot(page, 'webhooks-log-laptop-en-light');
      await row.getByRole('button', { name: t.log.resend }).click();
      await page.getByText(t.toast.resent, { exact: true }).waitFor();
      const again = await until(
        () => receiver.received.filter((r) => r.headers['webhook-id'] === messageId).length >= 2,
        'the resent delivery',
      );
      assert.ok(again);
      const copies = receiver.received.filter((r) => r.headers['webhook-id'] === messageId);
      for (const copy of copies) verifier.verify(copy.body, copy.headers);
      assert.equal(copies.length, 2);
      await row.getByText(fill(t.log.attemptLog_other, { count: 2 })).click();
      await row.getByText(new RegExp(`^${t.log.trigger.resend} ·`)).waitFor();
      await screenshot(page, 'webhooks-log-resent-laptop-en-light');
      // Test from the UI: the result is shown.
      await page.getByRole('button', { name: t.actions.test }).click();
      await page.getByText(fill(t.toast.testDelivered, { name: 'Local receiver' }), { exact: true }).waitFor();
      assert.deepEqual(problems, []);
      await close();
    }

    // 4. Swedish, dark, phone and laptop.
    for (const [device, name] of [
      [phone, 'phone'],
      [laptop, 'laptop'],
    ]) {
      for (const colorScheme of ['light', 'dark']) {
        const { page, problems, close } = await open(browser, baseURL, owner, { device, colorScheme });
        await page.goto('/sv/settings/integrations');
        await page.getByRole('heading', { name: svWebhooks.title, exact: true }).waitFor();
        await page.getByRole('button', { name: svWebhooks.actions.log }).click();
        await page.getByRole('list', { name: svWebhooks.log.title }).getByRole('listitem').first().waitFor();
        const overflow = await page.evaluate(
          () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
        );
        assert.ok(overflow <= 0, `the section scrolls sideways by ${overflow}px on ${name}`);
        await assertAccessible(page, `webhooks (sv, ${colorScheme}, ${name})`);
        await screenshot(page, `webhooks-log-${name}-sv-${colorScheme}`);
        if (colorScheme === 'dark') {
          await page.getByRole('button', { name: svWebhooks.add }).click();
          await page.getByRole('dialog', { name: svWebhooks.form.createTitle }).waitFor();
          await screenshot(page, `webhooks-create-${name}-sv-dark`, { fullPage: false });
        }
        assert.deepEqual(problems, []);
        await close();
      }
      const { page, close } = await open(browser, baseURL, owner, { device, colorScheme: 'light' });
      await page.goto('/settings/integrations');
      await page.getByRole('list', { name: t.title }).waitFor();
      await screenshot(page, `webhooks-${name}-en-light`);
      await close();
    }
  } finally {
    receiver.close();
  }
}
