import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@leadcapture/contracts/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField, useValidationMessage } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';

const fieldNames = [
  'first_name',
  'last_name',
  'email',
  'company_name',
  'password',
  'password_confirm',
  'terms_accepted',
];

/**
 * Create an account (spec 01 §2, §5); then /onboarding. The UI language goes along as the
 * profile language, so mail and the next sign-in match what the user read here. A taken email
 * (409) and server validation (422) land on their fields; anything else is the failure toast.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const { lp, language } = useLocalizedPath();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      company_name: '',
      password: '',
      password_confirm: '',
      newsletter_opt_in: false,
    },
  });
  const termsError = useValidationMessage(form.formState.errors.terms_accepted?.message);

  const onSubmit = form.handleSubmit((values) =>
    register.mutateAsync({ ...values, language }).then(
      () => navigate(lp('/onboarding'), { replace: true }),
      (error: unknown) => {
        if (isApiError(error) && error.status === 409) {
          // The server's English sentence is not translated; ours is, and says the same.
          form.setError('email', { type: 'server', message: t('register.emailTaken') }, { shouldFocus: true });
          return;
        }
        const unmatched =
          isApiError(error) && error.status === 422 ? applyServerErrors(error, form.setError, fieldNames) : null;
        if (unmatched !== null && unmatched.length === 0) return;
        if (!isHandledGlobally(error)) toast.error(t('register.failed'));
      },
    ),
  );

  return (
    <AuthShell
      title={t('register.title')}
      description={t('register.description')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={lp('/auth/login')} className="font-semibold text-primary-soft-foreground hover:underline">
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4" lang={i18n.language}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="first_name"
            label={t('fields.firstName')}
            required
            render={(field) => <Input autoComplete="given-name" {...field} />}
          />
          <FormField
            control={form.control}
            name="last_name"
            label={t('fields.lastName')}
            required
            render={(field) => <Input autoComplete="family-name" {...field} />}
          />
        </div>
        <FormField
          control={form.control}
          name="email"
          label={t('fields.email')}
          required
          render={(field) => <Input type="email" autoComplete="email" {...field} />}
        />
        <FormField
          control={form.control}
          name="company_name"
          label={t('fields.company')}
          required
          render={(field) => <Input autoComplete="organization" {...field} />}
        />
        <FormField
          control={form.control}
          name="password"
          label={t('fields.password')}
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
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="register.terms"
              components={{
                terms: (
                  // A new tab, so reading the terms does not throw away what was typed.
                  <Link
                    to={lp('/terms')}
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-primary-soft-foreground underline"
                  />
                ),
              }}
            />
          }
          error={termsError}
          {...form.register('terms_accepted')}
        />
        <Checkbox label={t('register.newsletter')} {...form.register('newsletter_opt_in')} />
        <Button type="submit" size="lg" loading={register.isPending} className="mt-1 w-full">
          {t('register.submit')}
        </Button>
      </form>
      <SocialButtons redirect={lp('/onboarding')} />
    </AuthShell>
  );
}
