/**
 * /contact and /offline (spec 01 §2): a visitor sends a message and the support inbox gets it
 * (an .eml in DATA_DIR/mail with Reply-To the visitor); the Swedish pages on a phone in dark
 * mode; axe finds no serious or critical violations.
 */
import assert from 'node:assert/strict';
import enSupport from '../apps/web/src/locales/en/support.json' with { type: 'json' };
import svSupport from '../apps/web/src/locales/sv/support.json' with { type: 'json' };
import { assertAccessible, mailsTo, openPage, screenshot } from './support.mjs';

export default async function contact({ browser, baseURL, dataDir }) {
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: enSupport.contact.title }).waitFor();
    assert.equal(await page.title(), `${enSupport.contact.metaTitle} - LeadCapture`);
    await assertAccessible(page, '/contact');
    const subject = `Booth pricing ${Date.now()}`;
    await page.getByLabel(enSupport.contact.fields.name).fill('Anna Lind');
    await page.getByLabel(enSupport.contact.fields.email).fill('anna.lind@example.com');
    await page.getByLabel(enSupport.contact.fields.subject).fill(subject);
    await page.getByLabel(enSupport.contact.fields.message).fill('We run forty fairs a year. Can we talk?');
    await page.getByRole('button', { name: enSupport.contact.submit }).click();
    await page.getByRole('heading', { name: enSupport.contact.sentTitle.replace('{{name}}', 'Anna Lind') }).waitFor();
    const reference = await page.locator('.font-mono').textContent();
    await screenshot(page, 'contact-sent-desktop-light');

    const [mail] = await mailsTo(dataDir, 'support@leadcapture.local');
    assert.ok(mail, 'the support inbox got no mail');
    assert.match(mail, /^Reply-To: Anna Lind <anna\.lind@example\.com>/m);
    assert.match(mail, new RegExp(`Subject: \\[Contact ${reference}\\]`));
    assertNoProblems();
    await close();
  }

  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL, {
      device: 'phone',
      colorScheme: 'dark',
    });
    await page.goto('/sv/contact');
    await page.getByRole('heading', { level: 1, name: svSupport.contact.title }).waitFor();
    await assertAccessible(page, '/sv/contact');
    await screenshot(page, 'contact-sv-phone-dark');
    await page.goto('/sv/offline');
    // Opened online (a connection, but no page): it says the page did not load.
    await page.getByRole('heading', { level: 1, name: svSupport.offline.titleOnline }).waitFor();
    assert.equal(await page.title(), `${svSupport.offline.metaTitle} - LeadCapture`);
    await assertAccessible(page, '/sv/offline');
    await screenshot(page, 'offline-sv-phone-dark');
    assertNoProblems();
    await close();
  }
}
