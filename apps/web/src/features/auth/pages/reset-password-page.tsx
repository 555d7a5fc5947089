import { zodResolver } from '@hookform/resolvers/zod';
import { resetConfirmSchema } from '@leadcapture/contracts/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { toast } from '../../../lib/toast.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { AuthShell, FormAlert } from '../components/auth-shell.tsx';

type ResetValues = { token: string; password: string; password_confirm: string };

/** Set a new password from the mailed link; ends on /auth/login (spec 01 §4). Strength meter: later issue. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetConfirmSchema),
    defaultValues: { token, password: '', password_confirm: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutateAsync(values).then(
      () => {
        toast.success(t('resetPassword.done'));
        return navigate(lp('/auth/login'), { replace: true });
      },
      () => undefined,
    ),
  );

  return (
    <AuthShell
      title={t('resetPassword.title')}
      description={t('resetPassword.description')}
      footer={
        <Link to={lp('/auth/forgot-password')} className="font-semibold text-primary-soft-foreground hover:underline">
          {t('resetPassword.newLink')}
        </Link>
      }
    >
      {token === '' ? (
        <FormAlert>{t('resetPassword.missingToken')}</FormAlert>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          {confirm.isError && <FormAlert>{t('resetPassword.failed')}</FormAlert>}
          <FormField
            control={form.control}
            name="password"
            label={t('fields.newPassword')}
            help={t('register.passwordHelp')}
            required
            render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
          />
          <FormField
            control={form.control}
            name="password_confirm"
            label={t('fields.passwordConfirm')}
            required
            render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
          />
          <Button type="submit" size="lg" loading={confirm.isPending} className="w-full">
            {t('resetPassword.submit')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
