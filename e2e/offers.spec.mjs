/**
 * Issue 7's journey through the UI: a member builds an offer by dragging a field onto the form,
 * sets its properties, publishes it; a visitor opens /show/{slug} on a phone by the short link of
 * its QR code and submits; the lead shows under the offer. On the offer's page the member sets its
 * captures to go round robin and writes an answer rule; both are kept after a reload and the rule
 * rescores the lead. axe on the offers pages.
 */
import assert from 'node:assert/strict';
import enBuilder from '../apps/web/src/locales/en/builder.json' with { type: 'json' };
import enEvents from '../apps/web/src/locales/en/events.json' with { type: 'json' };
import enOffers from '../apps/web/src/locales/en/offers.json' with { type: 'json' };
import enCapture from '../apps/web/src/capture/locales/en.json' with { type: 'json' };
import {
  api,
  assertAccessible,
  locales,
  openPage,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
} from './support.mjs';

/** Drags `source` onto `target` with the mouse, in steps: dnd-kit starts a drag after 5 px. */
async function dragTo(page, source, target) {
  // The mouse works in the viewport: both ends on screen first (the form is below the settings).
  await target.scrollIntoViewIfNeeded();
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  assert.ok(from && to, 'drag source and target are on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

export default async function offers({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const title = `Starter kit ${Date.now()}`;

  // 1. Build the offer: page settings, one field dragged onto the form, its properties, published.
  const team = await openPage(browser, baseURL, { device: 'wide' });
  // The push card (10 s after start, bottom right) would cover the form's buttons on a slow run;
  // the member dismissed it before (offline.spec.mjs checks the card itself).
  await team.context.addInitScript(() =>
    localStorage.setItem('leadcapture-push-prompt-dismissed', new Date().toISOString()),
  );
  await signIn(team.context, baseURL, account);
  const page = team.page;
  await page.goto('/offers');
  await page.getByRole('heading', { level: 2, name: enOffers.list.emptyTitle }).waitFor();
  await assertAccessible(page, '/offers (empty)');
  await page.getByRole('link', { name: enOffers.list.create }).first().click();
  await page.getByRole('heading', { level: 1, name: enOffers.form.createTitle }).waitFor();
  const textbox = (name) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });
  await textbox(enOffers.form.fields.title).fill(title);
  await textbox(enOffers.form.fields.description).fill('Checklists and a booth plan for your first fair.');
  await textbox(enOffers.form.fields.successMessage).fill('Your kit is on its way!');

  const palette = page.getByRole('button', { name: enBuilder.types.textarea, exact: true }).first();
  await dragTo(page, palette, page.getByText(enBuilder.canvas.emptyTitle));
  const label = page.getByRole('textbox', { name: new RegExp(`^${enBuilder.properties.label}`) });
  await label.fill('What should the kit cover?');
  await page.getByRole('checkbox', { name: new RegExp(`^${enBuilder.properties.required}`) }).check();
  await page.getByRole('switch', { name: enOffers.form.fields.published }).click();
  await assertAccessible(page, '/offers/form');
  await screenshot(page, 'offer-builder-wide-light');
  await page.getByRole('button', { name: enOffers.form.create, exact: true }).click();
  await page.waitForURL(/\/offers\/form\/[0-9a-f-]{36}$/);
  const offerId = page.url().split('/').at(-1);

  const offer = await api(baseURL, 'GET', `/offers/${offerId}/`, account.access);
  assert.equal(offer.status, 'active');
  assert.equal(offer.is_published, true);
  assert.equal(offer.form_fields.length, 1);
  assert.deepEqual(
    [offer.form_fields[0].type, offer.form_fields[0].label, offer.form_fields[0].required],
    ['textarea', 'What should the kit cover?', true],
  );
  assert.match(offer.short_url, /\/p\/o[0-9a-z]{11}$/);

  // The QR code and the print sheet.
  await page.getByRole('button', { name: enOffers.qr.open, exact: true }).click();
  const qr = page.getByRole('dialog', { name: enOffers.qr.title });
  await qr.getByRole('img').waitFor();
  await qr.getByText(offer.short_url).waitFor();
  await assertAccessible(page, '/offers/form/{id} QR dialog');
  await screenshot(page, 'offer-qr-dialog-wide-light');
  await page.keyboard.press('Escape');
  // The print sheet: only it goes to paper, with the title, the code and the short link.
  await page.getByRole('button', { name: enOffers.print.open, exact: true }).click();
  const print = page.getByRole('dialog', { name: locales.en.common.qr.printTitle });
  await print.getByText(offer.short_url).waitFor();
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, 'offer-print-sheet', { fullPage: false });
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');

  // 2. A visitor scans the code: the short link opens /show/{slug} on a phone.
  const visitor = await openPage(browser, baseURL, { device: 'phone' });
  await visitor.page.goto(`${new URL(offer.short_url).pathname}?src=qr`);
  await visitor.page.waitForURL(new RegExp(`/show/${offer.slug}\\?src=qr$`));
  await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
  await assertAccessible(visitor.page, '/show/{slug} (phone)');
  await screenshot(visitor.page, 'offer-page-phone-light');
  await visitor.page.getByLabel(enCapture['field.first_name']).fill('Ivar');
  await visitor.page.getByLabel(enCapture['field.last_name']).fill('Holm');
  await visitor.page.getByLabel(enCapture['field.company']).fill('Holm AB');
  await visitor.page.getByLabel(enCapture['field.email']).fill('ivar.holm@example.com');
  await visitor.page.getByLabel('What should the kit cover?').fill('Booth layout and lead forms');
  await visitor.page.getByRole('button', { name: enCapture['form.submit'] }).click();
  await visitor.page.getByText('Your kit is on its way!').waitFor();
  await screenshot(visitor.page, 'offer-page-thanks-phone');
  visitor.assertNoProblems();
  await visitor.close();

  // 3. The lead is under the offer, scanned from the QR code.
  const [lead] = (await api(baseURL, 'GET', `/offers/${offerId}/leads/`, account.access)).results;
  assert.equal(lead.email, 'ivar.holm@example.com');
  assert.equal(lead.source, 'qr_scan');
  assert.equal(lead.offer, offerId);
  await page.reload();
  await page.getByText('ivar.holm@example.com').first().waitFor();
  await assertAccessible(page, '/offers/form/{id} with a lead');
  await screenshot(page, 'offer-builder-with-lead-wide-light');

  // 3b. Qualification on the offer's page: round robin and an answer rule, kept after a reload.
  const q = enEvents;
  const assignment = page.getByRole('form', { name: q.assignment.title });
  const roundRobin = assignment.getByRole('radio', { name: q.assignment.modes.round_robin.label });
  await roundRobin.check();
  await assignment.getByRole('button', { name: q.assignment.save }).click();
  await page.getByText(q.assignment.saved).first().waitFor();
  const rules = page.getByRole('form', { name: q.answerRules.title });
  await rules.getByRole('button', { name: q.answerRules.add }).click();
  const rule = rules.getByRole('listitem').first();
  await rule.getByRole('textbox', { name: q.answerRules.label }).fill('Wants a booth plan');
  await rule.getByRole('combobox', { name: q.answerRules.condition }).selectOption('contains');
  await rule.getByRole('textbox', { name: q.answerRules.value, exact: true }).fill('booth');
  await rule.getByRole('spinbutton', { name: q.answerRules.points }).fill('15');
  await rules.getByRole('button', { name: q.answerRules.save }).click();
  await page.getByText(q.answerRules.savedOffer).first().waitFor();
  await page.reload();
  await roundRobin.waitFor();
  assert.equal(await roundRobin.isChecked(), true, 'round robin kept after a reload');
  const kept = rules.getByRole('listitem').first();
  assert.equal(await kept.getByRole('textbox', { name: q.answerRules.label }).inputValue(), 'Wants a booth plan');
  assert.equal(await kept.getByRole('textbox', { name: q.answerRules.value, exact: true }).inputValue(), 'booth');
  assert.equal(await kept.getByRole('spinbutton', { name: q.answerRules.points }).inputValue(), '15');
  assert.deepEqual(await api(baseURL, 'GET', `/offers/${offerId}/assignment/`, account.access), {
    mode: 'round_robin',
    user_ids: [],
  });
  // The lead's answer ("Booth layout and lead forms") was rescored by the rule.
  const score = await api(baseURL, 'GET', `/leads/${lead.id}/score/`, account.access);
  assert.deepEqual(
    score.lines.filter((l) => l.factor === 'answer').map((l) => [l.value, l.points]),
    [['Wants a booth plan', 15]],
  );

  await page.goto('/offers');
  await page.getByRole('link', { name: title }).first().waitFor();
  await screenshot(page, 'offers-list-wide-light');
  team.assertNoProblems();
  await team.close();

  // 4. The public page in Swedish, on a phone in dark mode.
  const phone = await openPage(browser, baseURL, { device: 'phone', colorScheme: 'dark' });
  await phone.page.goto(`/sv/show/${offer.slug}`);
  await phone.page.getByRole('heading', { level: 1, name: title }).waitFor();
  await assertAccessible(phone.page, '/sv/show/{slug} (phone, dark)');
  await screenshot(phone.page, 'offer-page-sv-phone-dark');
  phone.assertNoProblems();
  await phone.close();
}
