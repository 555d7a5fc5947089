/**
 * The Analytics page (issue 25): an owner with an event, leads in several statuses and one first
 * contact opens /analytics from the main navigation and from the Lobby's "View analytics"; the
 * page shows the figures, every chart (and its table), the event's funnel and exports a CSV.
 * English light and Swedish dark, laptop (1366x768) and phone (390x844); axe clean on each;
 * screenshots under e2e/artifacts/analytics-*.png.
 */
import assert from 'node:assert/strict';
import enAnalytics from '../apps/web/src/locales/en/analytics.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enDashboard from '../apps/web/src/locales/en/dashboard.json' with { type: 'json' };
import svAnalytics from '../apps/web/src/locales/sv/analytics.json' with { type: 'json' };
import {
  ARTIFACTS_DIR,
  api,
  assertAccessible,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
} from './support.mjs';

const SIZES = {
  laptop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

async function open(browser, baseURL, account, { size, colorScheme }) {
  const context = await browser.newContext({ baseURL, colorScheme, acceptDownloads: true, ...SIZES[size] });
  await signIn(context, baseURL, account);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { context, page, assertNoProblems: () => assert.deepEqual(problems, [], 'the page logged errors') };
}

const noSideScroll = async (page, what) => {
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
};

export default async function analytics({ browser, baseURL }) {
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);
  const expo = await api(baseURL, 'POST', '/events/', owner.access, { name: 'Nordic Expo', status: 'active' });
  await api(baseURL, 'POST', '/events/', owner.access, { name: 'Spring Fair', status: 'active' });
  const statuses = ['new', 'contacted', 'qualified', 'converted', 'new', 'demo_scheduled'];
  for (const [i, status] of statuses.entries()) {
    const lead = await api(baseURL, 'POST', '/leads/', owner.access, {
      first_name: 'Vera',
      last_name: `No ${i + 1}`,
      email: `vera${i}.${Date.now()}@example.com`,
      source: i % 2 === 0 ? 'event' : 'referral',
      event: expo.id,
      assigned_to: owner.user.id,
    });
    // Moving a lead on from "new" is its first contact (speed to lead).
    if (status !== 'new') await api(baseURL, 'PATCH', `/leads/${lead.id}/`, owner.access, { status });
  }

  // 1. English, light, laptop: from the main navigation; every chart; table view; export; axe.
  {
    const { context, page, assertNoProblems } = await open(browser, baseURL, owner, {
      size: 'laptop',
      colorScheme: 'light',
    });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: enCommon.nav.analytics, exact: true }).first().click();
    await page.waitForURL('**/analytics');
    await page.getByRole('heading', { level: 1, name: enAnalytics.title }).waitFor();
    const figures = page.getByRole('region', { name: enAnalytics.figures.label });
    await figures.getByText('6', { exact: true }).waitFor();
    for (const title of [
      enAnalytics.trend.title,
      enAnalytics.sources.title,
      enAnalytics.pipeline.title,
      enAnalytics.events.title,
      enAnalytics.team.title,
      enAnalytics.funnel.title,
    ]) {
      await page.getByRole('region', { name: title }).waitFor();
    }
    // The charts drew (recharts renders SVG once it has measured its box).
    await page.locator('.recharts-surface').first().waitFor();
    assert.ok((await page.locator('.recharts-surface').count()) >= 6, 'every chart drew');
    const funnel = page.getByRole('region', { name: enAnalytics.funnel.title });
    await funnel
      .getByRole('img', { name: /Funnel of Nordic Expo: Page views 0, Submissions 6, Qualified 3, Converted 1/ })
      .waitFor();

    const team = page.getByRole('region', { name: enAnalytics.team.title });
    await team.getByRole('button', { name: enAnalytics.view.table }).click();
    const row = team.getByRole('row', { name: /Ada Lovelace/ });
    assert.deepEqual((await row.getByRole('cell').allTextContents()).slice(0, 3), ['6', '4', '1']);
    await page.getByLabel(enAnalytics.range.label).selectOption('7d');
    await page.waitForURL('**/analytics?range=7d');
    await screenshot(page, 'analytics-en-light-laptop');
    await assertAccessible(page, 'the Analytics page (en, light, laptop)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: enAnalytics.export.button }).click();
        await page.getByRole('menuitem', { name: enAnalytics.export.csv }).click();
      })(),
    ]);
    assert.match(download.suggestedFilename(), /^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // The Lobby's "View analytics" leads here too.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: new RegExp(enDashboard.quickActions.analytics) }).click();
    await page.waitForURL('**/analytics');
    assertNoProblems();
    await context.close();
  }

  // 2. Swedish, dark, phone and laptop: readable without sideways scrolling; axe.
  for (const size of ['phone', 'laptop']) {
    const { context, page, assertNoProblems } = await open(browser, baseURL, owner, { size, colorScheme: 'dark' });
    await page.goto('/sv/analytics');
    await page.getByRole('heading', { level: 1, name: svAnalytics.title }).waitFor();
    await page.getByRole('region', { name: svAnalytics.funnel.title }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await page.getByRole('region', { name: svAnalytics.figures.label }).getByText('6', { exact: true }).waitFor();
    await noSideScroll(page, `the Analytics page (sv, ${size})`);
    await screenshot(page, `analytics-sv-dark-${size}`);
    if (size === 'phone') {
      // Close-ups of the charts as a phone shows them (axis text, labels, legends).
      for (const [name, title] of [
        ['trend', svAnalytics.trend.title],
        ['events', svAnalytics.events.title],
        ['team', svAnalytics.team.title],
      ]) {
        await page
          .getByRole('region', { name: title })
          .screenshot({ path: `${ARTIFACTS_DIR}/analytics-sv-dark-phone-${name}.png` });
      }
    }
    await assertAccessible(page, `the Analytics page (sv, dark, ${size})`);
    assertNoProblems();
    await context.close();
  }

  // 3. English, light, phone.
  {
    const { context, page, assertNoProblems } = await open(browser, baseURL, owner, {
      size: 'phone',
      colorScheme: 'light',
    });
    await page.goto(`/analytics?event=${expo.id}`);
    await page.getByRole('region', { name: enAnalytics.funnel.title }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await noSideScroll(page, 'the Analytics page (en, phone)');
    await screenshot(page, 'analytics-en-light-phone');
    await assertAccessible(page, 'the Analytics page (en, light, phone)');
    assertNoProblems();
    await context.close();
  }
}
