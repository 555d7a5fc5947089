import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo-mark.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';

/** The logo and name at the top of the signed-in shell, a link to the Lobby. */
export function Brand() {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  return (
    <Link
      to={lp('/dashboard')}
      className="flex items-center gap-2.5 rounded-md text-base font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring max-sm:min-h-11"
    >
      <LogoMark className="size-7" />
      {t('brand.name')}
    </Link>
  );
}
