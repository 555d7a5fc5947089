import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/session';

// Lazy routes load their module on first use; with the server suite running beside this one on
// two cores that can take over a second, so waits get more room than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

/** vitest's happy-dom address (environmentOptions.happyDOM.url's default). */
const TEST_ORIGIN = 'http://localhost:3000';
type HappyDomWindow = { happyDOM: { setURL(url: string): void } };

// Testing Library unmounts after each test only when it sees a global afterEach; vitest has no globals.
afterEach(() => {
  cleanup();
  // Files share their worker's modules (vitest.config.ts): no signed-in session, address or
  // storage leaks from one test into the next.
  clearSession();
  // A test may follow a link out of the app (an OAuth or checkout address): back to the test
  // origin, where the session's cookies live.
  if (window.location.origin === TEST_ORIGIN) window.history.replaceState(null, '', '/');
  else (window as unknown as HappyDomWindow).happyDOM.setURL(`${TEST_ORIGIN}/`);
  // What a page left on the document itself: a modal's scroll lock (pointer-events: none on
  // the body), portals, the theme's class and the language.
  document.body.innerHTML = '';
  for (const element of [document.body, document.documentElement]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.cookie.split(';').forEach((entry) => {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
});
