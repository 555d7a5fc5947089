import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_SIZES, COUNTRIES, INDUSTRIES } from '@leadcapture/contracts/constants';
import {
  updateOrganizationSchema,
  type Organization,
  type UpdateOrganizationInput,
} from '@leadcapture/contracts/organizations';
import type { ReactElement } from 'react';
import { textOnColor } from '@leadcapture/contracts/brand-color';
import { useForm, useWatch, type Control, type ControllerRenderProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LogoCard } from '../../../components/logo-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useOrganization, useUpdateOrganization } from '../api/organization.ts';
import { DeleteOrganizationCard } from '../components/delete-organization-card.tsx';
import { useOrganizationLogo } from '../api/organization-logo.ts';
import { HelpLink } from '../../help/api/help-link.tsx';

const fieldNames = [
  'name',
  'website',
  'industry',
  'size',
  'billing_email',
  'primary_color',
  'secondary_color',
  'custom_domain',
  'address.street',
  'address.city',
  'address.state',
  'address.postal_code',
  'address.country',
];

/**
 * Organisation settings (spec 01 §2, §5): company details, branding, address and logo. Only
 * owners and admins may edit; members and viewers see the same page read-only and are told why
 * (the server checks too).
 */
export function OrganizationPage() {
  const { t } = useTranslation('settings');
  const me = useCurrentUser();
  const id = me.current_organization?.id;
  return (
    <div className="grid gap-8">
      <PageHeader
        title={t('organization.title')}
        description={t('organization.description')}
        actions={<HelpLink category="security" article="roles-and-permissions" />}
      />
      {id === undefined ? <EmptyState title={t('organization.none')} /> : <OrganizationDetails id={id} />}
    </div>
  );
}

function OrganizationDetails({ id }: { id: string }) {
  const { t } = useTranslation('settings');
  const organization = useOrganization(id);
  return (
    <QueryState
      query={organization}
      errorMessage={t('organization.loadFailed')}
      loading={
        <Card>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            {[0, 1, 2, 3].map((n) => (
              <div key={n} className="grid gap-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      }
    >
      {(data) => <OrganizationView organization={data} />}
    </QueryState>
  );
}

/** The organisation's settings once loaded; members who may not edit see them read-only. */
function OrganizationView({ organization }: { organization: Organization }) {
  const { t } = useTranslation('settings');
  const canEdit = organization.role === 'owner' || organization.role === 'admin';
  return (
    <>
      {!canEdit && (
        <p role="note" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
          {t('organization.noPermission')}
        </p>
      )}
      <OrganizationLogo organization={organization} canEdit={canEdit} />
      <OrganizationForm organization={organization} canEdit={canEdit} />
      {organization.role === 'owner' && <DeleteOrganizationCard organization={organization} />}
    </>
  );
}

/** A hex colour as text plus the browser's colour picker on the same value. */
function ColorInput({
  field,
  pickerLabel,
}: {
  field: ControllerRenderProps<UpdateOrganizationInput, 'primary_color' | 'secondary_color'>;
  pickerLabel: string;
}): ReactElement {
  const value = field.value ?? '';
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={pickerLabel}
        value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'}
        onChange={(event) => field.onChange(event.target.value)}
        className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1 disabled:cursor-not-allowed"
      />
      <Input {...field} value={value} spellCheck={false} maxLength={7} />
    </div>
  );
}

/**
 * What a visitor's submit button looks like in the primary colour (offer pages wear the
 * organisation's colour, decision 039): the text colour is picked for AA contrast, and the
 * ratio is shown so an owner sees why a pale brand gets dark text.
 */
function BrandPreview({ control }: { control: Control<UpdateOrganizationInput> }): ReactElement | null {
  const { t } = useTranslation('settings');
  const color = useWatch({ control, name: 'primary_color' }) ?? '';
  const text = textOnColor(color);
  if (text === null) return null;
  const ratio = text.ratio.toFixed(1);
  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-2" aria-live="polite">
      <span
        className="inline-flex h-10 items-center rounded-lg px-5 text-sm font-semibold shadow-xs"
        style={{ backgroundColor: color, color: text.color }}
        data-testid="brand-preview"
      >
        {t('organization.brandPreview.button')}
      </span>
      <p className="text-sm text-muted-foreground">
        {t(text.color === '#ffffff' ? 'organization.brandPreview.light' : 'organization.brandPreview.dark', {
          ratio,
        })}
      </p>
    </div>
  );
}

function OrganizationForm({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const update = useUpdateOrganization(organization.id);
  const form = useForm<UpdateOrganizationInput>({
    resolver: zodResolver(updateOrganizationSchema),
    values: {
      name: organization.name,
      website: organization.website,
      industry: organization.industry as UpdateOrganizationInput['industry'],
      size: organization.size as UpdateOrganizationInput['size'],
      billing_email: organization.billing_email,
      primary_color: organization.primary_color,
      secondary_color: organization.secondary_color,
      custom_domain: organization.custom_domain,
      address: { ...organization.address },
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => void toast.success(t('organization.saved')),
      (error: unknown) => {
        applyServerErrors(error, form.setError, fieldNames);
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
            <FormField
              control={form.control}
              name="billing_email"
              label={t('organization.fields.billingEmail')}
              help={t('organization.billingEmailHelp')}
              render={(field) => <Input type="email" autoComplete="email" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="custom_domain"
              label={t('organization.fields.customDomain')}
              help={t('organization.customDomainHelp')}
              render={(field) => <Input spellCheck={false} {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="primary_color"
              label={t('organization.fields.primaryColor')}
              help={t('organization.primaryColorHelp')}
              render={(field) => (
                <ColorInput
                  field={field}
                  pickerLabel={t('organization.pickColor', { name: t('organization.fields.primaryColor') })}
                />
              )}
            />
            <FormField
              control={form.control}
              name="secondary_color"
              label={t('organization.fields.secondaryColor')}
              render={(field) => (
                <ColorInput
                  field={field}
                  pickerLabel={t('organization.pickColor', { name: t('organization.fields.secondaryColor') })}
                />
              )}
            />
            <BrandPreview control={form.control} />
            <h3 className="pt-2 text-base font-semibold text-foreground sm:col-span-2">
              {t('organization.addressTitle')}
            </h3>
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="address.street"
                label={t('organization.fields.street')}
                render={(field) => <Input autoComplete="street-address" {...field} value={field.value ?? ''} />}
              />
            </div>
            <FormField
              control={form.control}
              name="address.city"
              label={t('organization.fields.city')}
              render={(field) => <Input autoComplete="address-level2" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="address.state"
              label={t('organization.fields.state')}
              render={(field) => <Input autoComplete="address-level1" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="address.postal_code"
              label={t('organization.fields.postalCode')}
              render={(field) => <Input autoComplete="postal-code" {...field} value={field.value ?? ''} />}
            />
            <FormField
              control={form.control}
              name="address.country"
              label={t('organization.fields.country')}
              render={(field) => (
                <Select
                  {...field}
                  value={field.value ?? ''}
                  placeholder={t('organization.choose')}
                  options={COUNTRIES.map((value) => ({ value, label: t(`countries.${value}`) }))}
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

function OrganizationLogo({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { upload, remove } = useOrganizationLogo(organization.id);
  return (
    <LogoCard
      logoUrl={organization.logo_url}
      name={organization.name}
      canEdit={canEdit}
      upload={upload}
      remove={remove}
    />
  );
}
