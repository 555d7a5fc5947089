/**
 * Renders the landing page's Open Graph images (public/og-image.png and og-image-sv.png,
 * 1200×630, the size link previews expect) with Chromium, in the product's own look: its mark,
 * Inter, the hero's words from the landing catalogue and a phone with the capture form.
 * Run it after changing the hero or the logo: `node apps/web/scripts/make-og-image.mjs`; the PNGs
 * are committed, so builds need no browser (as make-icons.mjs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const localesDir = fileURLToPath(new URL('../src/locales/', import.meta.url));
const require = createRequire(import.meta.url);
const font = readFileSync(require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
const fontExt = readFileSync(require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2'));
const mark = readFileSync(`${publicDir}favicon.svg`, 'utf8');

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The capture form's labels as a visitor sees them (capture page catalogue). */
const formWords = {
  en: { first: 'First name', email: 'Email', company: 'Company', send: 'Send', expo: 'Nordic Expo' },
  sv: { first: 'Förnamn', email: 'E-post', company: 'Företag', send: 'Skicka', expo: 'Nordic Expo' },
};

function html(language) {
  const { hero } = JSON.parse(readFileSync(`${localesDir}${language}/landing.json`, 'utf8'));
  const words = formWords[language];
  const field = (label, value) => `
      <div class="field"><span>${escape(label)}</span><div class="input">${escape(value)}</div></div>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>
  @font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${font.toString('base64')}) format('woff2'); unicode-range: U+0000-00FF, U+2013-2014, U+2019, U+201C-201D; }
  @font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${fontExt.toString('base64')}) format('woff2'); unicode-range: U+0100-024F; }
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: Inter, sans-serif; color: #0f172a;
    background: radial-gradient(70% 80% at 20% 10%, #e0e7ff, transparent), #ffffff; display: flex; }
  .copy { flex: 1; padding: 64px 0 56px 72px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 14px; font-size: 30px; font-weight: 700; letter-spacing: -0.02em; }
  .brand svg { width: 52px; height: 52px; }
  .eyebrow { margin-top: 44px; align-self: flex-start; border-radius: 999px; background: #e0e7ff; color: #3730a3;
    padding: 8px 18px; font-size: 22px; font-weight: 600; }
  h1 { margin-top: 24px; font-size: 54px; line-height: 1.08; font-weight: 700; letter-spacing: -0.03em; }
  h1 span { display: block; color: #4338ca; }
  .note { margin-top: auto; font-size: 22px; color: #475569; }
  .phone { width: 330px; margin: 48px 64px -40px 24px; border-radius: 44px; background: #0f172a; padding: 14px;
    box-shadow: 0 30px 60px -20px rgba(15, 23, 42, 0.45); }
  .screen { height: 100%; border-radius: 32px; overflow: hidden; background: #f8fafc; }
  .band { height: 96px; background: #4f46e5; }
  .card { margin: -56px 14px 0; background: #fff; border-radius: 20px; padding: 20px 18px;
    box-shadow: 0 10px 30px -12px rgba(15, 23, 42, 0.25); }
  .logo { width: 46px; height: 46px; border-radius: 14px; background: #4f46e5; color: #fff; display: grid;
    place-items: center; font-weight: 700; font-size: 22px; }
  .event { margin: 12px 0 14px; font-size: 22px; font-weight: 700; letter-spacing: -0.02em; }
  .field { margin-top: 10px; font-size: 13px; font-weight: 600; color: #334155; }
  .input { margin-top: 5px; height: 36px; border-radius: 10px; border: 1px solid #cbd5e1; padding: 8px 10px;
    font-size: 14px; font-weight: 400; color: #0f172a; }
  .send { margin-top: 16px; height: 42px; border-radius: 12px; background: #4f46e5; color: #fff; display: grid;
    place-items: center; font-weight: 600; font-size: 16px; }
</style></head><body>
  <div class="copy">
    <div class="brand">${mark.replace('<svg ', '<svg aria-hidden="true" ')}LeadCapture</div>
    <p class="eyebrow">${escape(hero.eyebrow)}</p>
    <h1>${escape(hero.title)} <span>${escape(hero.titleAccent)}</span></h1>
    <p class="note">${escape(hero.trialNote)}</p>
  </div>
  <div class="phone"><div class="screen">
    <div class="band"></div>
    <div class="card">
      <div class="logo">N</div>
      <p class="event">${escape(words.expo)}</p>
      ${field(words.first, 'Greta')}
      ${field(words.email, 'greta@fjord.se')}
      ${field(words.company, 'Fjord AB')}
      <div class="send">${escape(words.send)}</div>
    </div>
  </div></div>
</body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const [language, file] of [
    ['en', 'og-image.png'],
    ['sv', 'og-image-sv.png'],
  ]) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(html(language));
    await page.evaluate('document.fonts.ready');
    await page.screenshot({ path: `${publicDir}${file}` });
    await page.close();
  }
} finally {
  await browser.close();
}
