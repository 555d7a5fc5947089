import { useSyncExternalStore } from 'react';
import { resolveTheme, subscribeTheme, type Theme } from './theme.ts';

/** The theme in effect, re-rendering on toggles and on system changes (when no preference is stored). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, resolveTheme, resolveTheme);
}
