import assert from 'node:assert/strict';
import { startOidcTestProvider } from './oidc-test-provider.mjs';
import { openPage, skipOnboarding } from './support.mjs';

/**
 * Social sign-in in the browser (issue 28.3, decision 030): a real OpenID provider
 * (oidc-provider, e2e/oidc-test-provider.mjs) runs on 127.0.0.1 and the server is started with
 * it configured as Google and Microsoft (run.mjs's serverSetup hook). Sign up from the register
 * page's button, land on onboarding; then, in a new browser, sign in from the sign-in page's
 * button and land on the dashboard.
 */
export async function serverSetup({ baseURL }) {
  const provider = await startOidcTestProvider({ redirectBase: baseURL });
  return {
    env: { ...provider.clientEnv('google'), ...provider.clientEnv('microsoft') },
    context: { oidc: provider },
    close: () => provider.close(),
  };
}

export default async function socialSignIn({ browser, baseURL, oidc }) {
  assert.ok(oidc, 'serverSetup did not run');
  const email = `social-${Date.now()}@example.com`;
  oidc.signInAs(`e2e-${Date.now()}`, { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });

  const first = await openPage(browser, baseURL);
  try {
    await first.page.goto('/auth/register');
    await first.page.getByRole('link', { name: 'Continue with Google' }).click();
    await first.page.waitForURL(/\/onboarding$/, { timeout: 15_000 });
    // Signed in: the app renewed the session from the cookie the callback set, and stays here.
    const me = await first.page.evaluate(async () => {
      const refreshed = await fetch('/api/v1/auth/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'e2e' },
        body: '{}',
      });
      const { data } = await refreshed.json();
      const answer = await fetch('/api/v1/auth/me/', { headers: { authorization: `Bearer ${data.access}` } });
      return { ...(await answer.json()).data, access: data.access };
    });
    assert.equal(me.email, email);
    assert.equal(me.first_name, 'Grace');
    // Onboarding is its own journey (onboarding-settings.spec.mjs): skipped, so the next sign-in
    // lands on the dashboard rather than being sent back to it.
    await skipOnboarding(baseURL, me);
  } finally {
    await first.close();
  }

  // Another browser: the sign-in page's Microsoft button is not this identity; Google's is.
  const second = await openPage(browser, baseURL);
  try {
    await second.page.goto('/auth/login');
    // The buttons follow the server's list of configured providers, asked for as the page opens.
    await second.page.getByRole('link', { name: 'Continue with Microsoft' }).waitFor();
    await second.page.getByRole('link', { name: 'Continue with Google' }).click();
    await second.page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await second.page.getByRole('navigation').first().waitFor();
    assert.match(new URL(second.page.url()).pathname, /^\/dashboard$/);
    second.assertNoProblems();
  } finally {
    await second.close();
  }
}
