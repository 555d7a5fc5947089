import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@leadcapture/contracts/auth';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/session.ts';
import { useResendVerification, useVerifyEmail } from '../api/verify-email.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ResendButton } from '../components/resend-button.tsx';
import { retryAfterSeconds, useCooldown } from '../lib/use-cooldown.ts';

/**
 * Verify e-mail (spec 01 §4): with `?token=` it verifies at once (verifying → success | failure);
 * without, or after a failure, it offers a new link, with a 60 s cooldown between sends. A 4xx
 * means the link itself is bad ("Verification failed …"); anything else (offline, 5xx) is "Failed
 * to verify email address", since the link may well still work.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // Tokens are single-use: StrictMode's second effect run must not send it twice.
    if (token === null || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (token !== null && (verify.isIdle || verify.isPending)) {
    return (
      <AuthShell title={t('verifyEmail.verifyingTitle')}>
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Spinner label={t('verifyEmail.verifyingTitle')} />
          {t('verifyEmail.verifying')}
        </div>
      </AuthShell>
    );
  }

  if (verify.isSuccess) {
    // Verified from the mail on a device that is not signed in: the dashboard would only bounce to login.
    const signedIn = hasSession();
    return (
      <AuthShell title={t('verifyEmail.successTitle')}>
        <div className="grid gap-6">
          <p className="flex items-start gap-3 text-sm text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {t('verifyEmail.success')}
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to={lp(signedIn ? '/dashboard' : '/auth/login')}>
              {signedIn ? t('verifyEmail.continue') : t('verifyEmail.toLogin')}
            </Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={verify.isError ? t('verifyEmail.failedTitle') : t('verifyEmail.requestTitle')}
      description={verify.isError ? undefined : t('verifyEmail.requestDescription')}
    >
      {verify.isError && (
        <p className="mb-6 flex items-start gap-3 text-sm text-muted-foreground">
          <CircleX aria-hidden="true" className="size-5 shrink-0 text-red-600 dark:text-red-400" />
          {isApiError(verify.error) && verify.error.status >= 400 && verify.error.status < 500
            ? t('verifyEmail.failed')
            : t('verifyEmail.verifyFailed')}
        </p>
      )}
      <ResendForm />
    </AuthShell>
  );
}

/** Request a (new) link: the first send and the resends after the 60 s cooldown. */
function ResendForm() {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const cooldown = useCooldown();
  const [sends, setSends] = useState(0);
  const [rateLimited, setRateLimited] = useState<number | null>(null);
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(({ email }) => {
    setRateLimited(null);
    return resend.mutateAsync(email).then(
      () => {
        setSends((n) => n + 1);
        cooldown.start();
      },
      (error: unknown) => {
        const wait = retryAfterSeconds(error);
        if (wait === null) return;
        setRateLimited(wait);
        cooldown.start(wait);
      },
    );
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {resend.isSuccess && <FormAlert tone="success">{t('verifyEmail.resent')}</FormAlert>}
      {rateLimited !== null ? (
        <FormAlert>{t('common.rateLimited', { seconds: rateLimited })}</FormAlert>
      ) : (
        resend.isError && (
          <FormAlert>{sends > 0 ? t('verifyEmail.resendAgainFailed') : t('verifyEmail.resendFailed')}</FormAlert>
        )
      )}
      <FormField
        control={form.control}
        name="email"
        label={t('fields.email')}
        required
        render={(field) => <Input type="email" autoComplete="email" {...field} />}
      />
      {sends === 0 && cooldown.remaining === 0 ? (
        <Button type="submit" size="lg" loading={resend.isPending} className="w-full">
          {t('verifyEmail.resend')}
        </Button>
      ) : (
        <ResendButton remaining={cooldown.remaining} loading={resend.isPending} onClick={() => void onSubmit()} />
      )}
    </form>
  );
}
