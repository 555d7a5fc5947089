/**
 * The theme of spec 02 §4: a stored preference (localStorage `theme-preference`, dark|light) wins,
 * otherwise the system's. The page follows system changes only while nothing is stored. The
 * first paint is handled by public/theme-init.js (a file, since the CSP forbids inline scripts),
 * which must read the same key: src/lib/theme.test.ts runs it against this module.
 */

export const THEME_STORAGE_KEY = 'theme-preference';
export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function media(): MediaQueryList {
  return window.matchMedia('(prefers-color-scheme: dark)');
}

export function getStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    // Storage can be blocked (private mode, policies): behave as if nothing is stored.
    return null;
  }
}

export function getSystemTheme(): Theme {
  return media().matches ? 'dark' : 'light';
}

export function resolveTheme(): Theme {
  return getStoredTheme() ?? getSystemTheme();
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  // Native controls and scrollbars follow the same scheme as our own styles.
  root.style.colorScheme = theme;
}

function notify(): void {
  applyTheme(resolveTheme());
  for (const listener of listeners) listener();
}

/** Stores the user's choice (or forgets it with null, back to following the system). */
export function setThemePreference(theme: Theme | null): void {
  try {
    if (theme === null) window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, but still applied for this page.
  }
  notify();
}

export function toggleTheme(): void {
  setThemePreference(resolveTheme() === 'dark' ? 'light' : 'dark');
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies the theme now and keeps it right: system changes count only while no preference is
 * stored, and a choice made in another tab arrives through the storage event.
 */
export function startTheme(): () => void {
  applyTheme(resolveTheme());
  const query = media();
  const onSystemChange = (): void => {
    if (getStoredTheme() === null) notify();
  };
  const onStorage = (event: StorageEvent): void => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
  };
  query.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    query.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
