/**
 * API keys (issue 24 point 1, 03-decisions §4a): a new owner opens /settings/api-keys, creates a
 * key with leads read and write in the dialog, reads the full key from the copy-once display,
 * and calls GET and POST /api/v1/leads/ with it from here; the page then shows the key's use
 * (last used, requests in its 30 days). Regenerating ends the old key (401), deleting the new one.
 * Screenshots of the page at 390x844 and 1366x768, light and dark, English and Swedish, with axe
 * on each.
 */
import assert from 'node:assert/strict';
import enApiKeys from '../apps/web/src/locales/en/apiKeys.json' with { type: 'json' };
import svApiKeys from '../apps/web/src/locales/sv/apiKeys.json' with { type: 'json' };
import { assertAccessible, openSized, registerAccount, screenshot, signIn, SIZES, skipOnboarding } from './support.mjs';

const strings = { en: enApiKeys, sv: svApiKeys };
const en = enApiKeys;
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));
const startsWith = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A call to the API with an API key, as a customer's program makes it. */
async function withKey(baseURL, method, path, key, body) {
  const response = await fetch(new URL(`/api/v1${path}`, baseURL), {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Creates a key in the dialog and answers the full key read from the copy-once display. */
async function createKeyInUi(page, name) {
  await page.getByRole('button', { name: en.page.create }).first().click();
  const form = page.getByRole('form', { name: en.create.title });
  await form.getByLabel(startsWith(en.create.name)).fill(name);
  for (const access of ['read', 'write']) {
    await form
      .getByRole('checkbox', {
        name: fill(en.create.permissionLabel, { resource: en.resources.leads, access: en.access[access] }),
      })
      .check();
  }
  await assertAccessible(page, 'the create API key dialog');
  await page.getByRole('button', { name: en.create.submit }).click();
  const shown = page.getByRole('dialog', { name: fill(en.secret.title, { name }) });
  await shown.getByText(en.secret.once).waitFor();
  const key = await shown.getByLabel(en.secret.label, { exact: true }).inputValue();
  assert.match(key, /^lc_live_[0-9A-Za-z]{38}$/);
  await assertAccessible(page, 'the copy-once display');
  return { key, shown };
}

export default async function apiKeys({ browser, baseURL }) {
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);

  const { page, context, assertNoProblems, close } = await openSized(browser, baseURL, {
    width: 1366,
    height: 768,
    colorScheme: 'light',
  });
  try {
    await signIn(context, baseURL, owner);
    // The clipboard of a headless browser needs the permission granted.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/settings/api-keys');
    await page.getByRole('heading', { level: 1, name: en.page.title }).waitFor();
    await page.getByText(en.list.emptyTitle).waitFor();

    const { key, shown } = await createKeyInUi(page, 'Zapier');
    await shown.getByRole('button', { name: en.secret.copyLabel }).click();
    await page.getByText(en.copy.copied).first().waitFor();
    const copied = await page.evaluate(() => globalThis.navigator.clipboard.readText());
    assert.equal(copied, key, 'the copy button copies the whole key');
    await screenshot(page, 'api-keys-created-desktop-light-en');
    await shown.getByRole('button', { name: en.secret.done }).click();
    await shown.waitFor({ state: 'detached' });

    // A program calls the API with the key: read and write leads.
    const list = await withKey(baseURL, 'GET', '/leads/', key);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const created = await withKey(baseURL, 'POST', '/leads/', key, {
      first_name: 'Keyed',
      last_name: 'Lead',
      email: `keyed-${Date.now()}@example.com`,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // Never the key routes themselves.
    const minted = await withKey(baseURL, 'POST', '/auth/api-keys/', key, { name: 'x', permissions: ['leads:read'] });
    assert.equal(minted.status, 403);
    const again = await withKey(baseURL, 'GET', `/leads/${created.body.data.id}/`, key);
    assert.equal(again.status, 200);

    // The page shows the use: last used, and today's requests (four, the refused one included).
    await page.reload();
    const row = page.getByRole('listitem', { name: 'Zapier' });
    await row.locator('dt', { hasText: en.list.lastUsed }).waitFor();
    const lastUsed = await row
      .locator('dt', { hasText: en.list.lastUsed })
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
    assert.notEqual(lastUsed, en.list.never, 'last used is shown after the calls');
    await row.getByRole('button', { name: en.list.showUsage }).click();
    await row.getByText(fill(en.usage.total_other, { total: 4 })).waitFor();
    await assertAccessible(page, '/settings/api-keys with usage');
    await screenshot(page, 'api-keys-usage-desktop-light-en');

    // Regenerate: the old key answers 401 at once, the new one works.
    await row.getByRole('button', { name: fill(en.list.regenerateFor, { name: 'Zapier' }) }).click();
    const confirm = page.getByRole('dialog', { name: fill(en.regenerate.title, { name: 'Zapier' }) });
    await confirm.getByRole('button', { name: en.regenerate.confirm }).click();
    const regenerated = page.getByRole('dialog', { name: fill(en.secret.title, { name: 'Zapier' }) });
    const fresh = await regenerated.getByLabel(en.secret.label, { exact: true }).inputValue();
    assert.notEqual(fresh, key);
    await regenerated.getByRole('button', { name: en.secret.done }).click();
    assert.equal((await withKey(baseURL, 'GET', '/leads/', key)).status, 401);
    assert.equal((await withKey(baseURL, 'GET', '/leads/', fresh)).status, 200);

    // Delete, confirmed: the key answers 401 and leaves the list.
    await row.getByRole('button', { name: fill(en.list.deleteFor, { name: 'Zapier' }) }).click();
    const del = page.getByRole('dialog', { name: fill(en.delete.title, { name: 'Zapier' }) });
    await del.getByRole('button', { name: en.delete.confirm }).click();
    await page.getByText(en.list.emptyTitle).waitFor();
    assert.equal((await withKey(baseURL, 'GET', '/leads/', fresh)).status, 401);
    assertNoProblems();
  } finally {
    await close();
  }

  // The page with a used key, in both sizes, schemes and languages.
  const shot = await registerAccount(baseURL);
  await skipOnboarding(baseURL, shot);
  const made = await fetch(new URL('/api/v1/auth/api-keys/', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shot.access}` },
    body: JSON.stringify({ name: 'HubSpot sync', permissions: ['leads:read', 'leads:write', 'events:read'] }),
  });
  const madeKey = (await made.json()).data.key;
  for (let i = 0; i < 3; i += 1) assert.equal((await withKey(baseURL, 'GET', '/leads/', madeKey)).status, 200);
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      for (const language of ['en', 'sv']) {
        const sized = await openSized(browser, baseURL, { ...size, colorScheme });
        try {
          await signIn(sized.context, baseURL, shot);
          const t = strings[language];
          await sized.page.goto(language === 'en' ? '/settings/api-keys' : '/sv/settings/api-keys');
          await sized.page.getByRole('heading', { level: 1, name: t.page.title }).waitFor();
          const row = sized.page.getByRole('listitem', { name: 'HubSpot sync' });
          await row.getByRole('button', { name: t.list.showUsage }).click();
          await row.getByText(fill(t.usage.total_other, { total: 3 })).waitFor();
          const overflow = await sized.page.evaluate(
            () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
          );
          assert.ok(overflow <= 0, `/settings/api-keys scrolls sideways by ${overflow}px (${size.name})`);
          await assertAccessible(sized.page, `/settings/api-keys (${size.name}, ${colorScheme}, ${language})`);
          await screenshot(sized.page, `api-keys-${size.name}-${colorScheme}-${language}`);
          sized.assertNoProblems();
        } finally {
          await sized.close();
        }
      }
    }
  }
}
