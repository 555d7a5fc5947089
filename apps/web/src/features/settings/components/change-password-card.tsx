import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@leadcapture/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword, type ChangePasswordBody } from '../api/change-password.ts';

const fieldNames = ['current_password', 'new_password', 'new_password_confirm'];
const empty: ChangePasswordBody = { current_password: '', new_password: '', new_password_confirm: '' };

/** Change password (spec 01 §2 Profile): current, new and confirmation, checked by the contract schema. */
export function ChangePasswordCard() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });
  const onSubmit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => {
        // Passwords never stay in the form after use.
        form.reset(empty);
        toast.success(t('password.changed'));
      },
      (error: unknown) => {
        applyServerErrors(error, form.setError, fieldNames);
        if (!isHandledGlobally(error)) toast.error(t('password.failed'));
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="change-password-title">
      <Card>
        <CardHeader>
          <CardTitle id="change-password-title">{t('password.title')}</CardTitle>
          <CardDescription>{t('password.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]">
            <FormField
              control={form.control}
              name="current_password"
              label={t('password.current')}
              required
              render={(field) => <Input type="password" autoComplete="current-password" {...field} />}
            />
          </div>
          <FormField
            control={form.control}
            name="new_password"
            label={t('password.new')}
            help={t('password.rules')}
            required
            render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
          />
          <FormField
            control={form.control}
            name="new_password_confirm"
            label={t('password.confirm')}
            required
            render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
