import type { LoginInput } from '@leadcapture/contracts/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isLanguage, localizePath, safeRedirect } from '../../../i18n/language.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useLogin } from '../api/login.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SocialSignIn } from '../components/social-sign-in.tsx';

// The contract's loginSchema, loaded after the first paint (lib/lazy-resolver.ts): the login page
// is the first page of most visits and has a 120 KB gzip budget (docs/web-app.md).
const resolver = lazyResolver<LoginInput>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('@leadcapture/contracts/auth')]).then(
    ([{ zodResolver }, { loginSchema }]) => zodResolver(loginSchema),
  ),
);

/**
 * Sign in (spec 01 §2, §5). After login: the `redirect` query if it is a same-origin path
 * (safeRedirect refuses //host, schemes and backslashes), else /dashboard in the user's language.
 * Social buttons only appear when providers are configured (components/social-sign-in.tsx).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver, defaultValues: { email: '', password: '' } });
  useEffect(() => resolver.preload(), []);

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      (result) => {
        const language = isLanguage(result.user.language) ? result.user.language : undefined;
        const home = language === undefined ? lp('/dashboard') : localizePath('/dashboard', language);
        return navigate(safeRedirect(params.get('redirect'), home), { replace: true });
      },
      () => undefined,
    ),
  );

  const failure = login.error;
  const failureMessage =
    failure === null
      ? null
      : isApiError(failure) && failure.status === 401
        ? t('login.invalidCredentials')
        : isApiError(failure) && failure.status === 429
          ? t('login.rateLimited')
          : t('login.failed');

  return (
    <AuthShell
      title={t('login.title')}
      description={t('login.description')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={lp('/auth/register')} className="font-semibold text-primary-soft-foreground hover:underline">
            {t('login.registerLink')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        {failureMessage !== null && <FormAlert>{failureMessage}</FormAlert>}
        <FormField
          control={form.control}
          name="email"
          label={t('fields.email')}
          required
          render={(field) => <Input type="email" autoComplete="email" inputMode="email" {...field} />}
        />
        <FormField
          control={form.control}
          name="password"
          label={t('fields.password')}
          required
          labelAside={
            <Link
              to={lp('/auth/forgot-password')}
              className="text-sm font-medium text-primary-soft-foreground hover:underline"
            >
              {t('login.forgotLink')}
            </Link>
          }
          render={(field) => <Input type="password" autoComplete="current-password" {...field} />}
        />
        <Button type="submit" size="lg" loading={login.isPending} className="mt-1 w-full">
          {t('login.submit')}
        </Button>
      </form>
      <div className="mt-6 empty:hidden">
        <SocialSignIn />
      </div>
    </AuthShell>
  );
}
