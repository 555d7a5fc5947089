/* global document, window -- only used inside page.evaluate() and waitForFunction(), which run in the browser */
/**
 * Issue 22's layout faults, measured in the browser: the form builder's properties panel never
 * covers a field card's move, duplicate and remove buttons (1366, 1600, 1920 px and a phone), and
 * no main page scrolls sideways on a 390 px phone.
 */
import assert from 'node:assert/strict';
import { api, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

// Long labels and options, as real forms have: the card's summary line is what widened the canvas.
const FORM_FIELDS = [
  {
    id: 'topic',
    type: 'select',
    label: 'Which of our products and services are you most interested in right now?',
    options: ['Pricing for enterprise customers with several sites', 'A demonstration at your office', 'Partnership'],
    required: true,
    width: 'half',
  },
  { id: 'message', type: 'textarea', label: 'Anything else you would like to tell the team at the stand?' },
  { id: 'booth', type: 'rating', label: 'How was our stand?', max_rating: 5 },
];

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * Every button of every field card is the topmost element at its own centre: nothing (the
 * properties panel, the palette) lies over it. Returns what covers which button, if anything.
 */
async function coveredCardButtons(page) {
  return page.evaluate(() => {
    const problems = [];
    const buttons = document.querySelectorAll('[data-builder-field] button:not(:disabled)');
    if (buttons.length === 0) problems.push('no field card buttons found');
    // Disabled buttons (the first card's "up") take no pointer events: they cannot be hit anyway.
    for (const button of buttons) {
      button.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = button.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
      if (x < 0 || x > window.innerWidth) problems.push(`${name}: off screen at x=${Math.round(x)}`);
      else if (hit === null || !button.contains(hit)) {
        const by = hit === null ? 'nothing' : `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}`;
        problems.push(`${name} at (${Math.round(x)}, ${Math.round(y)}) is covered by ${by}`);
      }
    }
    return problems;
  });
}

/** The page's content is not wider than the window (no sideways scrolling), and what is wider. */
async function sidewaysOverflow(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    // The deepest elements that reach past the right edge: where to look for the fault.
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > root.clientWidth + 1))
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} "${el.textContent?.slice(0, 40)}"`,
      );
    return `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}: ${wide.join(' | ')}`;
  });
}

export default async function layout({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const token = account.access;
  const stamp = Date.now();

  const event = await api(baseURL, 'POST', '/events/', token, {
    name: `Layout Expo ${stamp}`,
    status: 'active',
    location: 'Stockholmsmässan, hall C',
    start_date: '2026-05-12T07:00:00Z',
    end_date: '2026-05-14T15:00:00Z',
    form_fields: FORM_FIELDS,
  });
  // Long unbroken values, as real leads bring: an address, a web site, a note with a link.
  const lead = await api(baseURL, 'POST', '/leads/', token, {
    first_name: 'Maximiliana',
    last_name: 'Lindqvist-Östergren',
    email: `maximiliana.lindqvist-ostergren.${stamp}@verylongcompanydomainname-example.com`,
    company: 'Östergrens Internationella Konsultbyrå AB',
    job_title: 'Head of Procurement and Strategic Partnerships',
    notes: `Met at the stand: https://www.verylongcompanydomainname-example.com/about/team/${stamp}`,
    event: event.id,
    interested_products: ['Capture', 'CRM synchronisation for enterprise customers'],
    phone: '+46 70 123 45 67',
    tags: ['partner', 'enterprise-customer-2026'],
  });
  await api(baseURL, 'POST', `/leads/${lead.id}/notes/`, token, {
    body: `Asked for a quote: https://www.verylongcompanydomainname-example.com/quotes/${stamp}/details`,
  });
  const offer = await api(baseURL, 'POST', '/offers/', token, {
    title: `Layout offer ${stamp}`,
    status: 'active',
    form_fields: [{ id: 'intro', type: 'heading', label: 'Get the starter kit', heading_level: 2 }, ...FORM_FIELDS],
  });
  const client = await api(baseURL, 'POST', '/clients/', token, { company_name: 'Äldre Kund AB', industry: 'retail' });

  // 1. The builder at the widths people use: every card button can be clicked.
  // 1280 and 1300 too: between the two- and three-column layouts the canvas is at its narrowest.
  for (const width of [1280, 1300, 1366, 1600, 1920]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    await signIn(context, baseURL, account);
    const page = await context.newPage();
    for (const [name, path] of [
      ['event', `/events/form/${event.id}`],
      ['offer', `/offers/form/${offer.id}`],
    ]) {
      await page.goto(path);
      await page.locator('[data-builder-field]').first().waitFor();
      assert.deepEqual(await coveredCardButtons(page), [], `the ${name} builder at ${width} px covers card buttons`);
      await page.locator('[data-builder-field]').first().scrollIntoViewIfNeeded();
      await screenshot(page, `layout-builder-${name}-${width}`, { fullPage: false });
    }
    await context.close();
  }
  {
    const context = await browser.newContext({ baseURL, ...PHONE });
    await signIn(context, baseURL, account);
    const page = await context.newPage();
    await page.goto(`/events/form/${event.id}`);
    await page.locator('[data-builder-field]').first().waitFor();
    assert.deepEqual(await coveredCardButtons(page), [], 'the builder on a phone covers card buttons');
    assert.equal(await sidewaysOverflow(page), null, 'the event form on a phone scrolls sideways');
    await context.close();
  }

  // 2. No sideways scrolling on a 390 px phone, on every main page.
  const pages = [
    ['lead detail', `/leads/${lead.id}`],
    ['leads list', '/leads'],
    ['events list', '/events'],
    ['event detail', `/events/${event.id}`],
    ['offers list', '/offers'],
    ['clients list', '/clients'],
    ['client detail', `/clients/${client.id}`],
    ['settings', '/settings'],
    ['Lobby', '/dashboard'],
  ];
  const context = await browser.newContext({ baseURL, ...PHONE });
  await signIn(context, baseURL, account);
  const page = await context.newPage();
  const failures = [];
  for (const [name, path] of pages) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Lists and panels fill in after the heading: wait until nothing is loading any more.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    if (name === 'lead detail') await screenshot(page, 'layout-lead-detail-phone', { fullPage: false });
    const overflow = await sidewaysOverflow(page);
    if (overflow !== null) {
      failures.push(`${name} (${path}): ${overflow}`);
      await screenshot(page, `layout-overflow-${name.replaceAll(' ', '-')}`);
    }
  }
  await context.close();
  assert.deepEqual(failures, [], 'pages scroll sideways on a 390 px phone');
}
