import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_SIZES, INDUSTRIES } from '@leadcapture/contracts/constants';
import {
  updateOrganizationSchema,
  type Organization,
  type UpdateOrganizationInput,
} from '@leadcapture/contracts/organizations';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useOrganization, useUpdateOrganization } from '../api/organization.ts';

/**
 * Organisation settings (spec 01 §2): the company's basic details. The organisation issue adds the
 * logo, colours, address and custom domain. Only owners and admins may edit (the server checks too).
 */
export function OrganizationPage() {
  const { t } = useTranslation('settings');
  const me = useCurrentUser();
  const id = me.current_organization?.id;
  return (
    <div className="grid gap-8">
      <PageHeader title={t('organization.title')} description={t('organization.description')} />
      {id === undefined ? <EmptyState title={t('organization.none')} /> : <OrganizationDetails id={id} />}
    </div>
  );
}

function OrganizationDetails({ id }: { id: string }) {
  const { t } = useTranslation('settings');
  const organization = useOrganization(id);
  if (organization.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {[0, 1, 2, 3].map((n) => (
            <div key={n} className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </CardContent>
      </Card>
    );
  }
  if (organization.isError) {
    return (
      <EmptyState
        title={t('organization.loadFailed')}
        action={
          <Button variant="secondary" onClick={() => void organization.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  return <OrganizationForm organization={organization.data} />;
}

function OrganizationForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('settings');
  const update = useUpdateOrganization(organization.id);
  const canEdit = organization.role === 'owner' || organization.role === 'admin';
  const form = useForm<UpdateOrganizationInput>({
    resolver: zodResolver(updateOrganizationSchema),
    values: {
      name: organization.name,
      website: organization.website,
      industry: organization.industry as UpdateOrganizationInput['industry'],
      size: organization.size as UpdateOrganizationInput['size'],
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => void toast.success(t('organization.saved')),
      (error: unknown) => {
        applyServerErrors(error, form.setError, ['name', 'website', 'industry', 'size']);
        if (!isHandledGlobally(error)) toast.error(t('organization.saveFailed'));
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Card>
        <CardHeader>
          <CardTitle>{t('organization.detailsTitle')}</CardTitle>
          <CardDescription>
            {canEdit ? t('organization.detailsDescription') : t('organization.readOnly')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              label={t('organization.fields.name')}
              required
              render={(field) => <Input autoComplete="organization" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="website"
              label={t('organization.fields.website')}
              help={t('organization.websiteHelp')}
              render={(field) => <Input type="url" autoComplete="url" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="industry"
              label={t('organization.fields.industry')}
              render={(field) => (
                <Select
                  {...field}
                  value={field.value ?? ''}
                  placeholder={t('organization.choose')}
                  options={INDUSTRIES.map((value) => ({ value, label: t(`industries.${value}`) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="size"
              label={t('organization.fields.size')}
              render={(field) => (
                <Select
                  {...field}
                  value={field.value ?? ''}
                  placeholder={t('organization.choose')}
                  options={COMPANY_SIZES.map((value) => ({
                    value,
                    label: t('organization.sizeValue', { size: value }),
                  }))}
                />
              )}
            />
          </fieldset>
        </CardContent>
        {canEdit && (
          <CardFooter>
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              {t('actions.save')}
            </Button>
          </CardFooter>
        )}
      </Card>
    </form>
  );
}
