/**
 * Renders the app's icons (public/pwa-*.png, the manifest's and the notifications' icons, spec 02
 * §9) from public/favicon.svg with Chromium. Run it after changing the logo:
 * `node apps/web/scripts/make-icons.mjs`; the PNGs are committed, so builds need no browser.
 * The maskable icon keeps the mark inside the 80 % safe zone on the logo's own colour.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const icons = [
  { file: 'pwa-64x64.png', size: 64, maskable: false },
  { file: 'pwa-192x192.png', size: 192, maskable: false },
  { file: 'pwa-512x512.png', size: 512, maskable: false },
  { file: 'maskable-icon-512x512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180x180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.7) : size;
    const html = `<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${
      maskable ? '#4f46e5' : 'transparent'
    }"><div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`;
    await page.setContent(html);
    await page.screenshot({ path: `${publicDir}${file}`, omitBackground: !maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
