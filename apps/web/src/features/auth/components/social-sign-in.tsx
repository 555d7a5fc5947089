import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** A sign-in provider the server offers: `href` starts its OAuth flow. */
export type SocialProvider = { id: string; name: string; href: string };

/**
 * The providers this deployment offers. The server has no OAuth today, so the list is empty and
 * the login page shows no social buttons at all (spec: only when configured; no dead buttons).
 * When the server gains providers, fill this from its configuration and the buttons appear.
 */
export const socialProviders: readonly SocialProvider[] = [];

/** "Or continue with" and one link per provider; renders nothing without providers. */
export function SocialSignIn({ providers = socialProviders }: { providers?: readonly SocialProvider[] }) {
  const { t } = useTranslation('auth');
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {t('login.orContinueWith')}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <ul className="grid gap-2">
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button asChild variant="outline" size="lg" className="w-full">
              <a href={provider.href}>{t('login.continueWith', { provider: provider.name })}</a>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
