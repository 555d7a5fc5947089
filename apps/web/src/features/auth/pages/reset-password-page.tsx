import { zodResolver } from '@hookform/resolvers/zod';
import { resetConfirmSchema } from '@leadcapture/contracts/auth';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, validationDetails } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { leaveSignInNotice } from '../../../lib/sign-in-notice.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordStrengthMeter } from '../components/password-strength.tsx';

type ResetValues = { token: string; password: string; password_confirm: string };

/**
 * Set a new password from the mailed link (spec 01 §4, §5); ends on /auth/login, which confirms it.
 * The strength meter and requirements follow the typing. A used or expired token comes back as a
 * 422 on `token`: the form is replaced by that message and a way to ask for a new link, since
 * nothing the user types can fix it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [tokenRejected, setTokenRejected] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetConfirmSchema),
    defaultValues: { token, password: '', password_confirm: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit((values) => {
    setFailed(false);
    return confirm.mutateAsync(values).then(
      () => {
        // The sign-in page says so: it is a page of its own, a toast would not survive the trip.
        leaveSignInNotice('password_reset');
        return navigate(lp('/auth/login'), { replace: true });
      },
      (error: unknown) => {
        const details = validationDetails(error);
        if (isApiError(error) && error.status === 422 && details?.token !== undefined) {
          setTokenRejected(true);
          return;
        }
        const unmatched =
          isApiError(error) && error.status === 422
            ? applyServerErrors(error, form.setError, ['password', 'password_confirm'])
            : null;
        if (unmatched === null || unmatched.length > 0) setFailed(true);
      },
    );
  });

  const newLink = (
    <Link to={lp('/auth/forgot-password')} className="font-semibold text-primary-soft-foreground hover:underline">
      {t('resetPassword.newLink')}
    </Link>
  );

  if (token === '' || tokenRejected) {
    return (
      <AuthShell title={t('resetPassword.invalidTitle')}>
        <div className="grid gap-6">
          <FormAlert>{token === '' ? t('resetPassword.missingToken') : t('resetPassword.invalidToken')}</FormAlert>
          <Button asChild size="lg" className="w-full">
            <Link to={lp('/auth/forgot-password')}>{t('resetPassword.newLink')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('resetPassword.title')} description={t('resetPassword.description')} footer={newLink}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        {failed && <FormAlert>{t('resetPassword.failed')}</FormAlert>}
        <div className="grid gap-3">
          <FormField
            control={form.control}
            name="password"
            label={t('fields.newPassword')}
            required
            render={(field) => (
              <Input type="password" autoComplete="new-password" aria-describedby="password-strength" {...field} />
            )}
          />
          <PasswordStrengthMeter id="password-strength" password={password} />
        </div>
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
    </AuthShell>
  );
}
