import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@leadcapture/contracts/auth';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useResendVerification, useVerifyEmail } from '../api/verify-email.ts';
import { AuthShell, FormAlert } from '../components/auth-shell.tsx';

/**
 * Verify e-mail (spec 01 §4): with `?token=` it verifies at once (verifying → success | failure);
 * without, or after a failure, it offers a new link. The resend cooldown comes with the sign-in issue.
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
    return (
      <AuthShell title={t('verifyEmail.successTitle')}>
        <div className="grid gap-6">
          <p className="flex items-start gap-3 text-sm text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {t('verifyEmail.success')}
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to={lp('/dashboard')}>{t('verifyEmail.continue')}</Link>
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
          {t('verifyEmail.failed')}
        </p>
      )}
      <ResendForm />
    </AuthShell>
  );
}

function ResendForm() {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(({ email }) => resend.mutateAsync(email).catch(() => undefined));
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {resend.isSuccess && <FormAlert tone="success">{t('verifyEmail.resent')}</FormAlert>}
      {resend.isError && <FormAlert>{t('verifyEmail.resendFailed')}</FormAlert>}
      <FormField
        control={form.control}
        name="email"
        label={t('fields.email')}
        required
        render={(field) => <Input type="email" autoComplete="email" {...field} />}
      />
      <Button type="submit" size="lg" loading={resend.isPending} className="w-full">
        {t('verifyEmail.resend')}
      </Button>
    </form>
  );
}
