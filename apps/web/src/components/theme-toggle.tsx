import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toggleTheme } from '../lib/theme.ts';
import { useTheme } from '../lib/use-theme.ts';
import { Button } from './ui/button.tsx';

/** An icon button that switches between light and dark and remembers the choice. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const label = theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label} className={className}>
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
