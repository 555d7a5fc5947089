/*
 * Runs synchronously in <head>, before the first paint, so a dark-mode user never sees a white
 * flash. The build inlines it into index.html (vite.config.ts) and the server's CSP allows it by
 * hash. Must agree with src/lib/theme.ts (same key, same rule); src/lib/theme.test.ts checks that.
 */
(function () {
  var root = document.documentElement;
  var dark = false;
  try {
    var stored = window.localStorage.getItem('theme-preference');
    dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // Storage blocked (privacy settings): follow the system.
    dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  }
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
