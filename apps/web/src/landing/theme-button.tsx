import { Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { resolveTheme, subscribeTheme, toggleTheme, type Theme } from '../lib/theme.ts';
import type { Translate } from './strings.ts';

/**
 * The theme in effect; null in the build's render and in the render that hydrates it (the server
 * snapshot), which cannot know the visitor's theme: public/theme-init.js set it on <html>.
 */
function useThemeAfterHydration(): Theme | null {
  return useSyncExternalStore(subscribeTheme, resolveTheme, () => null);
}

/**
 * components/theme-toggle.tsx, without the app's Button (as the sign-in page has it). The icon
 * follows the `dark` class by CSS, so the prerendered page shows the right one at once; the
 * label names the other theme as soon as the page knows it.
 */
export function ThemeButton({ t }: { t: Translate }) {
  const theme = useThemeAfterHydration();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className="flex size-10 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
    </button>
  );
}
