import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, resolveTheme, setThemePreference, startTheme, toggleTheme } from './theme.ts';

let systemDark = false;
let changeListeners: (() => void)[] = [];

beforeEach(() => {
  systemDark = false;
  changeListeners = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && systemDark;
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => changeListeners.push(listener),
    removeEventListener: () => undefined,
  }));
  document.documentElement.className = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const isDark = () => document.documentElement.classList.contains('dark');

function flipSystem(dark: boolean): void {
  systemDark = dark;
  for (const listener of changeListeners) listener();
}

describe('theme', () => {
  it('follows the system while no preference is stored', () => {
    const stop = startTheme();
    expect(isDark()).toBe(false);
    flipSystem(true);
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    stop();
  });

  it('ignores system changes once a preference is stored', () => {
    const stop = startTheme();
    setThemePreference('light');
    flipSystem(true);
    expect(isDark()).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    stop();
  });

  it('toggles and stores the opposite of what is shown', () => {
    systemDark = true;
    startTheme();
    toggleTheme();
    expect(resolveTheme()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    toggleTheme();
    expect(isDark()).toBe(true);
  });

  it('public/theme-init.js applies the same rule before the app loads', () => {
    const script = readFileSync(resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');
    const run = () => {
      document.documentElement.className = '';
      runInThisContext(script);
      return isDark();
    };
    expect(run()).toBe(false);
    systemDark = true;
    expect(run()).toBe(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(run()).toBe(false);
    systemDark = false;
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(run()).toBe(true);
  });
});
