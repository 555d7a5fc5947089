/**
 * /settings/billing of a fresh trial (spec 02 §2, §4) at 390x844 and 1366x768, light and dark,
 * English and Swedish: the trial's heading, the plans, no sideways scroll, axe and a screenshot
 * of each. The billing journey itself is billing.spec.mjs.
 */
import assert from 'node:assert/strict';
import {
  assertAccessible,
  locales,
  openSized,
  planCard,
  registerAccount,
  screenshot,
  signIn,
  SIZES,
  skipOnboarding,
} from './support.mjs';

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

export default async function billingLooks({ browser, baseURL }) {
  const trial = await registerAccount(baseURL);
  await skipOnboarding(baseURL, trial);
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      for (const language of ['en', 'sv']) {
        const { page, context, assertNoProblems, close } = await openSized(browser, baseURL, { ...size, colorScheme });
        try {
          await signIn(context, baseURL, trial);
          await page.goto(language === 'en' ? '/settings/billing' : '/sv/settings/billing');
          const strings = locales[language].billing;
          await page.getByRole('heading', { name: fill(strings.trial.banner_other, { count: 14 }) }).waitFor();
          await planCard(page, 'Enterprise').getByText(strings.plans.custom).waitFor();
          const overflow = await page.evaluate(
            () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
          );
          assert.ok(overflow <= 0, `/settings/billing scrolls sideways by ${overflow}px (${size.name})`);
          await assertAccessible(page, `/settings/billing (${size.name}, ${colorScheme}, ${language})`);
          await screenshot(page, `billing-${size.name}-${colorScheme}-${language}`);
          assertNoProblems();
        } finally {
          await close();
        }
      }
    }
  }
}
