import type { HelpCategory } from '@leadcapture/contracts/help';
import { CircleHelp } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

/**
 * "Help with this page": the help centre's article about a settings page, in the page's language.
 * Here, in the feature's public surface (api/), because other features may import only that.
 */
export function HelpLink({ category, article }: { category?: HelpCategory; article?: string }) {
  const { t } = useTranslation('help');
  const { lp } = useLocalizedPath();
  const path =
    category === undefined ? '/help' : article === undefined ? `/help/${category}` : `/help/${category}/${article}`;
  return (
    <Link
      to={lp(path)}
      className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-primary-soft-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <CircleHelp aria-hidden="true" className="size-4" />
      {t('settingsLink')}
    </Link>
  );
}
