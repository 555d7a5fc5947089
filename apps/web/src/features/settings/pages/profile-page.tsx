import { zodResolver } from '@hookform/resolvers/zod';
import { updateMeSchema, type UpdateMeInput } from '@leadcapture/contracts/auth';
import { PROFILE_LANGUAGES, TIMEZONES } from '@leadcapture/contracts/constants';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isLanguage, localizePath } from '../../../i18n/language.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { ChangePasswordCard } from '../components/change-password-card.tsx';
import { DeleteAccountCard } from '../components/delete-account-card.tsx';
import { HelpLink } from '../../help/api/help-link.tsx';

const fieldNames = ['first_name', 'last_name', 'job_title', 'phone', 'timezone', 'language'];

/**
 * Your profile (spec 01 §2): personal information, change password and the danger zone. The
 * personal form is also the reference form: contract schema + zodResolver + FormField + server
 * 422 messages on the fields + a toast.
 */
export function ProfilePage() {
  const { t } = useTranslation('settings');
  const me = useCurrentUser();
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { language: uiLanguage } = useLocalizedPath();
  const form = useForm<UpdateMeInput>({
    resolver: zodResolver(updateMeSchema),
    values: {
      first_name: me.first_name,
      last_name: me.last_name,
      job_title: me.job_title,
      phone: me.phone,
      timezone: me.timezone as UpdateMeInput['timezone'],
      language: me.language,
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      (saved) => {
        toast.success(t('profile.saved'));
        // A UI language (en, sv) also switches the app: the URL carries the language. Others
        // (es, fr, …) are for email only, so the app stays as it is.
        if (isLanguage(saved.language) && saved.language !== uiLanguage) {
          void navigate(`${localizePath(pathname, saved.language)}${search}`);
        }
      },
      (error: unknown) => {
        applyServerErrors(error, form.setError, fieldNames);
        if (!isHandledGlobally(error)) toast.error(t('profile.saveFailed'));
      },
    ),
  );

  return (
    <div className="grid gap-8">
      <PageHeader
        title={t('profile.title')}
        description={t('profile.description')}
        actions={<HelpLink category="security" article="account-security" />}
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Card>
          <CardHeader>
            <CardTitle>{t('profile.personalTitle')}</CardTitle>
            <CardDescription>{t('profile.personalDescription', { email: me.email })}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="first_name"
              label={t('profile.fields.firstName')}
              required
              render={(field) => <Input autoComplete="given-name" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="last_name"
              label={t('profile.fields.lastName')}
              required
              render={(field) => <Input autoComplete="family-name" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="job_title"
              label={t('profile.fields.jobTitle')}
              render={(field) => <Input autoComplete="organization-title" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="phone"
              label={t('profile.fields.phone')}
              render={(field) => <Input type="tel" autoComplete="tel" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="timezone"
              label={t('profile.fields.timezone')}
              render={(field) => (
                <Select
                  {...field}
                  value={field.value ?? ''}
                  options={TIMEZONES.map((zone) => ({ value: zone, label: t(`timezones.${zone}`) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="language"
              label={t('profile.fields.language')}
              help={t('profile.languageHelp')}
              render={(field) => (
                <Select
                  {...field}
                  value={field.value ?? ''}
                  options={PROFILE_LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
                />
              )}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              {t('actions.save')}
            </Button>
          </CardFooter>
        </Card>
      </form>
      <ChangePasswordCard />
      <DeleteAccountCard />
    </div>
  );
}
