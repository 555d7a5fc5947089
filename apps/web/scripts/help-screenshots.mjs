#!/usr/bin/env node
/**
 * Takes the help centre's screenshots of the real product (apps/web/src/assets/screenshots/
 * {en,sv}/<name>.jpg) from a running build with sample data it creates through the API:
 *
 *   npm run build && PORT=3310 DATA_DIR=$(mktemp -d) node apps/server/dist/main.js &
 *   node apps/web/scripts/help-screenshots.mjs http://127.0.0.1:3310
 *
 * 1366x768, light theme, JPEG quality 72: small enough to commit (50-120 KB each), sharp enough
 * to read. The articles name them as `screenshot:<name>`; help-content.test.ts checks each exists.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { api, registerAccount, signIn, skipOnboarding } from '../../../e2e/support.mjs';

const baseURL = process.argv[2] ?? 'http://127.0.0.1:3310';
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/assets/screenshots');

const VISITORS = [
  ['Astrid', 'Berg', 'Fjordline Logistics', 'Head of Operations', 'Within 3 months'],
  ['Jonas', 'Ek', 'Nordvik Retail', 'Purchasing Manager', 'Within 3 months'],
  ['Maria', 'Holm', 'Sundbyberg Health', 'IT Director', 'Later'],
  ['Oskar', 'Lind', 'Kiruna Mining Tech', 'CTO', 'Within 3 months'],
  ['Elin', 'Sandberg', 'Malmö Events', 'Marketing Lead', 'Later'],
  ['Henrik', 'Dahl', 'Baltic Freight', 'Sales Director', 'Within 3 months'],
  ['Sara', 'Nyström', 'Gotland Foods', 'Owner', 'Later'],
  ['Peter', 'Wallin', 'Uppsala Biotech', 'Procurement', 'Within 3 months'],
  ['Linnea', 'Sjöberg', 'Västerås Energy', 'Project Manager', 'Later'],
  ['Anders', 'Falk', 'Luleå Steelworks', 'COO', 'Within 3 months'],
  ['Karin', 'Åberg', 'Örebro Schools', 'Head of IT', 'Later'],
  ['Erik', 'Strand', 'Helsingborg Ports', 'Logistics Manager', 'Within 3 months'],
];

async function seed() {
  const owner = await registerAccount(baseURL, {
    first_name: 'Ada',
    last_name: 'Lindqvist',
    company_name: 'Nordic Booth AB',
  });
  await skipOnboarding(baseURL, owner);
  const expo = await api(baseURL, 'POST', '/events/', owner.access, {
    name: 'Nordic Tech Expo 2026',
    status: 'active',
    location: 'Stockholmsmässan, Älvsjö',
    form_fields: [
      { id: 'timeline', type: 'select', label: 'When are you buying?', options: ['Within 3 months', 'Later'] },
      { id: 'topics', type: 'checkbox', label: 'Interests', options: ['Pricing', 'Integrations', 'Analytics'] },
    ],
  });
  await api(baseURL, 'POST', '/events/', owner.access, { name: 'Retail Summit Gothenburg', status: 'active' });
  await api(baseURL, 'POST', '/events/', owner.access, { name: 'Health Innovation Days' });
  const ids = [];
  for (const [i, [first, last, company, title, timeline]] of VISITORS.entries()) {
    const response = await fetch(new URL(`/api/v1/public/events/${expo.slug}/leads/`, baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 10}` },
      body: JSON.stringify({
        source: i % 3 === 0 ? 'direct' : 'qr_scan',
        website_url: '',
        first_name: first,
        last_name: last,
        email: `${first}.${last}@example.com`.toLowerCase().replace(/[åäö]/g, (c) => ({ å: 'a', ä: 'a', ö: 'o' })[c]),
        company,
        job_title: title,
        responses: { timeline, topics: i % 2 === 0 ? ['Pricing', 'Integrations'] : ['Analytics'] },
      }),
    });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`capture ${response.status}: ${JSON.stringify(body)}`);
    ids.push(body.data.id);
  }
  await api(baseURL, 'PATCH', `/leads/${ids[0]}/`, owner.access, { status: 'contacted' });
  await api(baseURL, 'PATCH', `/leads/${ids[1]}/`, owner.access, { status: 'qualified' });
  await api(baseURL, 'POST', '/auth/team/members/', owner.access, { email: 'nils.berg@example.com', role: 'member' });
  await api(baseURL, 'POST', '/auth/team/members/', owner.access, { email: 'eva.lund@example.com', role: 'viewer' });
  await api(baseURL, 'POST', '/auth/api-keys/', owner.access, { name: 'CRM sync script', permissions: ['leads:read'] });
  return { owner, expo, leadId: ids[0] };
}

const pagesOf = ({ expo, leadId }) => [
  ['lobby', '/dashboard'],
  ['events-list', '/events'],
  ['event-form', `/events/form/${expo.id}`],
  ['leads-list', '/leads'],
  ['lead-detail', `/leads/${leadId}`],
  ['analytics', '/analytics'],
  ['integrations', '/settings/integrations'],
  ['api-keys', '/settings/api-keys'],
  ['team', '/team'],
  ['billing', '/settings/billing'],
];

const data = await seed();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const language of ['en', 'sv']) {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      colorScheme: 'light',
      locale: language,
    });
    await signIn(context, baseURL, data.owner);
    const page = await context.newPage();
    await mkdir(path.join(OUT, language), { recursive: true });
    for (const [name, route] of pagesOf(data)) {
      await page.goto(new URL(language === 'sv' ? `/sv${route}` : route, baseURL).href, { waitUntil: 'networkidle' });
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(OUT, language, `${name}.jpg`), type: 'jpeg', quality: 72 });
      console.log(language, name);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
