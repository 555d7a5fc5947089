/**
 * Integrations (issue 24): the owner connects Slack on /settings/integrations to a local receiver
 * that answers as Slack's incoming webhooks do (200 `ok`), the receiver gets the "connected"
 * message, a new lead arrives as a Block Kit message with a button to the lead, and the card turns
 * Active. Screenshots in English and Swedish, light and dark, a 1366x768 laptop and a 390x844
 * phone; axe on the page and the connect dialog; nothing scrolls sideways on the phone.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import enIntegrations from '../apps/web/src/locales/en/integrations.json' with { type: 'json' };
import svIntegrations from '../apps/web/src/locales/sv/integrations.json' with { type: 'json' };
import { api, assertAccessible, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** Slack's incoming webhook, as far as a sender sees it: POST JSON, 200 `ok`; anything else 404 `no_service`. */
async function startSlackReceiver() {
  const messages = [];
  const path = '/services/T0E2E/B0E2E/e2etoken0123456789';
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== path) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no_service');
        return;
      }
      try {
        messages.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${path}`,
    messages,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until(check, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found) return found;
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const devices = {
  laptop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

async function open(browser, baseURL, account, { device, colorScheme }) {
  const context = await browser.newContext({ baseURL, colorScheme, ...devices[device] });
  await signIn(context, baseURL, account);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { context, page, assertNoProblems: () => assert.deepEqual(problems, [], 'the page logged errors') };
}

export default async function integrations({ browser, baseURL }) {
  const receiver = await startSlackReceiver();
  try {
    const owner = await registerAccount(baseURL);
    await skipOnboarding(baseURL, owner);
    const en = enIntegrations;

    // 1. The owner connects Slack in the browser (English, light, laptop).
    const laptop = await open(browser, baseURL, owner, { device: 'laptop', colorScheme: 'light' });
    const { page } = laptop;
    await page.goto('/settings/integrations');
    const slackCard = page.locator('article', { has: page.getByRole('heading', { level: 3, name: 'Slack' }) });
    await slackCard.getByRole('button', { name: fill(en.card.connectFor, { name: 'Slack' }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(en.dialog.connectTitle, { name: 'Slack' }) });
    await dialog.getByLabel(en.fields.webhook_url.label).fill(receiver.url);
    await dialog.getByLabel(en.fields.notify.label).selectOption('all');
    await assertAccessible(page, 'connect Slack dialog');
    await screenshot(page, 'integrations-connect-slack-en-light-laptop', { fullPage: false });
    await dialog.getByRole('button', { name: en.dialog.connect, exact: true }).click();
    await page.getByText(fill(en.toast.connected, { name: 'Slack' }), { exact: true }).waitFor();
    await until(() => receiver.messages.length >= 1, 'the "connected" message');
    assert.match(receiver.messages[0].text, /LeadCapture is connected/);

    // 2. A new lead reaches the channel as a Block Kit message with a button to the lead.
    const lead = await api(baseURL, 'POST', '/leads/', owner.access, {
      first_name: 'Hedda',
      last_name: 'Lind',
      email: `hedda.${Date.now()}@example.com`,
      company: 'Fjord AB',
      interest: 'hot',
    });
    const message = await until(
      () => receiver.messages.find((m) => Array.isArray(m.blocks) && JSON.stringify(m).includes(lead.id)),
      "the new lead's message",
    );
    assert.equal(message.blocks[0].type, 'header');
    assert.equal(message.blocks[0].text.text, 'New lead: Hedda Lind');
    const fields = message.blocks[1].fields.map((f) => f.text).join('\n');
    assert.match(fields, /Fjord AB/);
    assert.match(fields, new RegExp(lead.email.replace(/[.+]/g, '\\$&')));
    const button = message.blocks[2].elements[0];
    assert.equal(button.type, 'button');
    assert.equal(button.url, `${baseURL.replace(/\/$/, '')}/leads/${lead.id}`);

    // 3. The card shows it: Active, synced just now.
    await page.reload();
    await slackCard.getByText(en.status.active, { exact: true }).waitFor();
    await assertAccessible(page, 'integrations page');
    await screenshot(page, 'integrations-en-light-laptop');
    laptop.assertNoProblems();
    await laptop.context.close();

    // 4. The same page in Swedish, dark, on the laptop and on a phone; English dark on the phone.
    const sv = svIntegrations;
    for (const [language, colorScheme, device] of [
      ['sv', 'dark', 'laptop'],
      ['sv', 'light', 'phone'],
      ['en', 'dark', 'phone'],
    ]) {
      const strings = language === 'sv' ? sv : en;
      const view = await open(browser, baseURL, owner, { device, colorScheme });
      await view.page.goto(language === 'sv' ? '/sv/settings/integrations' : '/settings/integrations');
      await view.page.getByRole('heading', { level: 1, name: strings.page.title }).waitFor();
      const card = view.page.locator('article', { has: view.page.getByRole('heading', { level: 3, name: 'Slack' }) });
      await card.getByText(strings.status.active, { exact: true }).waitFor();
      await card.getByRole('button', { name: fill(strings.card.testMessageFor, { name: 'Slack' }) }).waitFor();
      if (device === 'phone') {
        const overflow = await view.page.evaluate(
          () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
        );
        assert.ok(overflow <= 0, `the integrations page scrolls sideways by ${overflow}px`);
      }
      await assertAccessible(view.page, `integrations page ${language} ${colorScheme} ${device}`);
      await screenshot(view.page, `integrations-${language}-${colorScheme}-${device}`);
      view.assertNoProblems();
      await view.context.close();
    }

    // 5. Sync now on a chat tool posts a test message.
    const before = receiver.messages.length;
    const again = await open(browser, baseURL, owner, { device: 'laptop', colorScheme: 'light' });
    await again.page.goto('/settings/integrations');
    await again.page.getByRole('button', { name: fill(en.card.testMessageFor, { name: 'Slack' }) }).click();
    await again.page.getByText(fill(en.toast.testSent, { name: 'Slack' }), { exact: true }).waitFor();
    await until(() => receiver.messages.length > before, 'the test message');
    again.assertNoProblems();
    await again.context.close();
  } finally {
    await receiver.close();
  }
}
