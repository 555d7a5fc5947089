import { useTranslation } from 'react-i18next';
import { SocialChoice } from '../../../components/social-choice.tsx';
import { useSocialProviders } from '../api/social-providers.ts';

/**
 * "Continue with Google / Microsoft" on the register page (the sign-in page draws the same in its
 * light build). Only configured providers are listed by the server, so none shows no divider
 * either. `redirect` is where the browser lands after signing in; a new account lands on
 * /onboarding whatever it says.
 */
export function SocialButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const providers = useSocialProviders().data?.providers ?? [];
  return (
    <SocialChoice
      divider={t('register.orSignUpWith')}
      links={providers.map((provider) => ({
        id: provider.id,
        href: `${provider.start_url}?redirect=${encodeURIComponent(redirect)}`,
        label: t('login.continueWith', { provider: provider.name }),
      }))}
      footnote={t('register.socialTerms')}
    />
  );
}
