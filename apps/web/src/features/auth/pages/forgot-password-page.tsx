import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@leadcapture/contracts/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthShell, FormAlert } from '../components/auth-shell.tsx';

/** Ask for a reset link (spec 01 §2). Minimal: the resend cooldown comes with the sign-in issue. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) => request.mutateAsync(values).catch(() => undefined));

  return (
    <AuthShell
      title={t('forgotPassword.title')}
      description={t('forgotPassword.description')}
      footer={
        <Link to={lp('/auth/login')} className="font-semibold text-primary-soft-foreground hover:underline">
          {t('forgotPassword.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        {request.isSuccess && <FormAlert tone="success">{t('forgotPassword.sent')}</FormAlert>}
        {request.isError && <FormAlert>{t('forgotPassword.failed')}</FormAlert>}
        <FormField
          control={form.control}
          name="email"
          label={t('fields.email')}
          required
          render={(field) => <Input type="email" autoComplete="email" {...field} />}
        />
        <Button type="submit" size="lg" loading={request.isPending} className="w-full">
          {t('forgotPassword.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
