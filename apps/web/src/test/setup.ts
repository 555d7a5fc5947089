import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their module on first use; with the server suite running beside this one on
// two cores that can take over a second, so waits get more room than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test only when it sees a global afterEach; vitest has no globals.
afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((entry) => {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
});
