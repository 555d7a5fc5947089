/**
 * Qualification (docs/leads-scoring.md): an owner sets an event to assign its captures in turn
 * and writes the two answer rules in the event form; a visitor's capture arrives
 * assigned, warm and scored, with the rule in the score breakdown; the team page's availability
 * switch; the section in en and sv, light and dark, on a phone and a laptop, axe clean.
 */
import assert from 'node:assert/strict';
import enEvents from '../apps/web/src/locales/en/events.json' with { type: 'json' };
import enLeads from '../apps/web/src/locales/en/leads.json' with { type: 'json' };
import enTeam from '../apps/web/src/locales/en/team.json' with { type: 'json' };
import svEvents from '../apps/web/src/locales/sv/events.json' with { type: 'json' };
import { api, assertAccessible, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } };

async function open(browser, baseURL, account, { size = 'laptop', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({
    baseURL,
    colorScheme,
    viewport: SIZES[size],
    ...(size === 'phone' ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
  });
  await signIn(context, baseURL, account);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { context, page, problems };
}

export default async function qualification({ browser, baseURL }) {
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);
  const event = await api(baseURL, 'POST', '/events/', owner.access, {
    name: 'Nordic Expo',
    status: 'active',
    form_fields: [
      {
        id: 'timeline',
        type: 'select',
        label: 'When are you buying?',
        options: ['Within 3 months', 'Later'],
      },
      { id: 'topics', type: 'checkbox', label: 'Interests', options: ['Pricing', 'Integrations'] },
    ],
  });

  // --- the owner sets it up in the browser ---
  const { context, page, problems } = await open(browser, baseURL, owner);
  const en = enEvents;
  await page.goto(`/events/form/${event.id}`);
  const assignment = page.getByRole('form', { name: en.assignment.title });
  await assignment.getByRole('radio', { name: en.assignment.modes.round_robin.label }).check();
  await assignment.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
  await assignment.getByRole('button', { name: en.assignment.save }).click();
  await page.getByText(en.assignment.saved).first().waitFor();

  const rules = page.getByRole('form', { name: en.answerRules.title });
  await rules.getByRole('button', { name: en.answerRules.add }).click();
  const first = rules.getByRole('listitem').nth(0);
  await first.getByRole('textbox', { name: en.answerRules.label }).fill('Buying within 3 months');
  await first.getByRole('combobox', { name: en.answerRules.value, exact: true }).selectOption('Within 3 months');
  await first.getByRole('spinbutton', { name: en.answerRules.points }).fill('20');
  await rules.getByRole('button', { name: en.answerRules.add }).click();
  const second = rules.getByRole('listitem').nth(1);
  await second.getByRole('textbox', { name: en.answerRules.label }).fill('Interested in Pricing');
  await second.getByRole('combobox', { name: en.answerRules.field }).selectOption('topics');
  await second.getByRole('combobox', { name: en.answerRules.condition }).selectOption('one_of');
  await second.getByRole('checkbox', { name: 'Pricing' }).check();
  await second.getByRole('spinbutton', { name: en.answerRules.points }).fill('0');
  await second.getByRole('combobox', { name: en.answerRules.interest }).selectOption('warm');
  await rules.getByRole('button', { name: en.answerRules.save }).click();
  await page.getByText(en.answerRules.saved).first().waitFor();
  await assertAccessible(page, '/events/form/{id} qualification (laptop, light)');
  await page.getByRole('heading', { name: en.form.qualification.title }).scrollIntoViewIfNeeded();
  await screenshot(page, 'qualification-en-laptop-light');

  // --- a visitor's capture arrives assigned, warm, scored ---
  const captured = await fetch(new URL(`/api/v1/public/events/${event.slug}/leads/`, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
    body: JSON.stringify({
      first_name: 'Greta',
      last_name: 'Berg',
      email: `greta.${Date.now()}@example.com`,
      company: 'Fjord AB',
      responses: { timeline: 'Within 3 months', topics: ['Pricing'] },
    }),
  });
  assert.equal(captured.status, 201, await captured.clone().text());
  const { id } = (await captured.json()).data;
  const lead = await api(baseURL, 'GET', `/leads/${id}/`, owner.access);
  assert.equal(lead.assigned_to, owner.user.id);
  assert.equal(lead.interest, 'warm');
  const score = await api(baseURL, 'GET', `/leads/${id}/score/`, owner.access);
  assert.deepEqual(
    score.lines.filter((l) => l.factor === 'answer').map((l) => [l.value, l.points]),
    [
      ['Buying within 3 months', 20],
      ['Interested in Pricing', 0],
    ],
  );
  await page.goto(`/leads/${id}`);
  await page.getByRole('button', { name: /Why/ }).first().click();
  const breakdown = page.getByRole('dialog', { name: enLeads.score.breakdownTitle });
  await breakdown.getByRole('rowheader', { name: enLeads.scoreFactor.answer }).first().waitFor();
  await breakdown.getByRole('cell', { name: 'Buying within 3 months' }).waitFor();
  await breakdown.getByRole('cell', { name: 'Interested in Pricing' }).waitFor();
  await screenshot(page, 'qualification-score-breakdown-en-laptop-light', { fullPage: false });

  // --- the team page: the owner marks themselves away ---
  await page.goto('/team');
  const me = page.getByRole('switch', { name: enTeam.availability.label.replace('{{name}}', 'Ada Lovelace') }).first();
  assert.equal(await me.getAttribute('aria-checked'), 'true');
  await me.click();
  await page.getByText(enTeam.availability.nowAway).first().waitFor();
  assert.equal(await me.getAttribute('aria-checked'), 'false');
  await assertAccessible(page, '/team availability (laptop, light)');
  await screenshot(page, 'qualification-team-en-laptop-light');
  // Away: the round robin's only member is skipped, so the next capture is unassigned.
  const next = await fetch(new URL(`/api/v1/public/events/${event.slug}/leads/`, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
    body: JSON.stringify({
      first_name: 'Per',
      last_name: 'Ek',
      company: 'Ek AB',
      email: `per.${Date.now()}@example.com`,
    }),
  });
  assert.equal(next.status, 201);
  const unassigned = await api(baseURL, 'GET', `/leads/${(await next.json()).data.id}/`, owner.access);
  assert.equal(unassigned.assigned_to, null);
  assert.deepEqual(problems, [], 'the page logged errors');
  await context.close();

  // --- the section in Swedish, dark, on a phone; and in English, dark, on a laptop ---
  for (const [language, size, colorScheme] of [
    ['sv', 'phone', 'dark'],
    ['sv', 'laptop', 'light'],
    ['en', 'phone', 'light'],
    ['en', 'laptop', 'dark'],
  ]) {
    const view = await open(browser, baseURL, owner, { size, colorScheme });
    const words = language === 'sv' ? svEvents : enEvents;
    await view.page.goto(`${language === 'sv' ? '/sv' : ''}/events/form/${event.id}`);
    const section = view.page.getByRole('heading', { name: words.form.qualification.title });
    await section.waitFor();
    await view.page.getByRole('form', { name: words.answerRules.title }).getByRole('listitem').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await assertAccessible(view.page, `/events/form/{id} qualification (${language}, ${size}, ${colorScheme})`);
    await screenshot(view.page, `qualification-${language}-${size}-${colorScheme}`, { fullPage: false });
    assert.deepEqual(view.problems, [], 'the page logged errors');
    await view.context.close();
  }
}
