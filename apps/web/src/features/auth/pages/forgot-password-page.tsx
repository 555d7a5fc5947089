import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@leadcapture/contracts/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ResendButton } from '../components/resend-button.tsx';
import { retryAfterSeconds, useCooldown } from '../lib/use-cooldown.ts';

/**
 * Ask for a reset link (spec 01 §2, §4). Whatever the address, a sent request shows the same
 * confirmation, so the page never tells whether an account exists. Resending waits out a 60 s
 * cooldown; a 429 shows the server's wait instead and runs the cooldown for that long.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const request = useRequestPasswordReset();
  const cooldown = useCooldown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [rateLimited, setRateLimited] = useState<number | null>(null);
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  const send = (email: string) => {
    setRateLimited(null);
    return request.mutateAsync({ email }).then(
      () => {
        setSentTo(email);
        cooldown.start();
      },
      (error: unknown) => {
        const wait = retryAfterSeconds(error);
        if (wait !== null) {
          setRateLimited(wait);
          cooldown.start(wait);
        }
      },
    );
  };
  const onSubmit = form.handleSubmit(({ email }) => send(email));

  const failure =
    rateLimited !== null ? (
      <FormAlert>{t('common.rateLimited', { seconds: rateLimited })}</FormAlert>
    ) : request.isError ? (
      <FormAlert>{t('forgotPassword.failed')}</FormAlert>
    ) : null;

  const footer = (
    <Link to={lp('/auth/login')} className="font-semibold text-primary-soft-foreground hover:underline">
      {t('forgotPassword.backToLogin')}
    </Link>
  );

  if (sentTo !== null) {
    return (
      <AuthShell title={t('forgotPassword.sentTitle')} footer={footer}>
        <div className="grid gap-5">
          <p className="flex items-start gap-3 text-sm text-muted-foreground" role="status">
            <MailCheck aria-hidden="true" className="size-5 shrink-0 text-primary-soft-foreground" />
            <span>{t('forgotPassword.sent', { email: sentTo })}</span>
          </p>
          {failure}
          <ResendButton remaining={cooldown.remaining} loading={request.isPending} onClick={() => void send(sentTo)} />
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('forgotPassword.title')} description={t('forgotPassword.description')} footer={footer}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        {failure}
        <FormField
          control={form.control}
          name="email"
          label={t('fields.email')}
          required
          render={(field) => <Input type="email" autoComplete="email" {...field} />}
        />
        <Button
          type="submit"
          size="lg"
          loading={request.isPending}
          disabled={cooldown.remaining > 0}
          className="w-full"
        >
          {cooldown.remaining > 0 ? t('common.resendIn', { seconds: cooldown.remaining }) : t('forgotPassword.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
