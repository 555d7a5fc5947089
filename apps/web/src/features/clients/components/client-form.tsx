import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_LIMITS,
  CLIENT_PRIORITIES,
  CLIENT_STATUSES,
  CLIENT_TYPES,
  CONTACT_METHODS,
  createClientSchema,
  CURRENCIES,
  EMPTY_ADDRESS,
  editableClient,
  ONBOARDING_STATUSES,
  PAYMENT_TERMS,
  RISK_LEVELS,
  SATISFACTION_MAX,
  SATISFACTION_MIN,
  SOCIAL_NETWORKS,
  updateClientSchema,
  type Client,
  type Currency,
  type CreateClientData,
  type UpdateClientData,
  type UpdateClientInput,
} from '@leadcapture/contracts/clients';
import { LEAD_LIMITS } from '@leadcapture/contracts/leads';
import { COMPANY_SIZES, COUNTRIES, INDUSTRIES, PROFILE_LANGUAGES, TIMEZONES } from '@leadcapture/contracts/constants';
import { Plus, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField, useValidationMessage } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { isAssignable, memberName, type OrganizationMember } from '../../leads/api/members.ts';
import { useCreateClient, useUpdateClient } from '../api/clients.ts';
import { fromLocalInput, numberOrNull, toLocalInput } from '../utils/format.ts';

type Values = UpdateClientInput;
type Name = FieldPath<Values>;

/** Every editable field of a client, as the form starts from it. */
export function valuesFromClient(c: Client): Values {
  return {
    client_type: c.client_type,
    priority: c.priority,
    status: c.status,
    company_name: c.company_name,
    contact_first_name: c.contact_first_name,
    contact_last_name: c.contact_last_name,
    contact_email: c.contact_email,
    contact_phone: c.contact_phone,
    contact_job_title: c.contact_job_title,
    billing_email: c.billing_email,
    billing_address: c.billing_address,
    delivery_address: c.delivery_address,
    organization_number: c.organization_number,
    vat_id: c.vat_id,
    payment_terms: c.payment_terms,
    credit_limit: c.credit_limit,
    estimated_value: c.estimated_value,
    actual_value: c.actual_value,
    lifetime_value: c.lifetime_value,
    acquisition_cost: c.acquisition_cost,
    currency: c.currency,
    industry: c.industry,
    company_size: c.company_size,
    website: c.website,
    social_media: c.social_media,
    preferred_contact_method: c.preferred_contact_method,
    timezone: c.timezone,
    language: c.language,
    tags: c.tags,
    notes: c.notes,
    custom_fields: c.custom_fields,
    last_contact_date: c.last_contact_date,
    next_follow_up_date: c.next_follow_up_date,
    relationship_manager: c.relationship_manager,
    onboarding_status: c.onboarding_status,
    satisfaction_score: c.satisfaction_score,
    risk_assessment: c.risk_assessment,
    renewal_date: c.renewal_date,
    contract_end_date: c.contract_end_date,
    success_probability: c.success_probability,
  };
}

/**
 * A new client as the form starts it: the server's defaults (type smb, priority medium, status
 * onboarding, onboarding not started) and the currency of the reader's language.
 */
export function emptyClientValues(currency: Currency): Values {
  return {
    client_type: 'smb',
    priority: 'medium',
    status: 'onboarding',
    company_name: '',
    contact_first_name: '',
    contact_last_name: '',
    contact_email: '',
    contact_phone: '',
    contact_job_title: '',
    billing_email: '',
    billing_address: EMPTY_ADDRESS,
    delivery_address: EMPTY_ADDRESS,
    organization_number: '',
    vat_id: '',
    payment_terms: null,
    credit_limit: null,
    estimated_value: null,
    actual_value: null,
    lifetime_value: null,
    acquisition_cost: null,
    currency,
    industry: null,
    company_size: null,
    website: '',
    social_media: {},
    preferred_contact_method: null,
    timezone: null,
    language: null,
    tags: [],
    notes: '',
    custom_fields: {},
    last_contact_date: null,
    next_follow_up_date: null,
    relationship_manager: null,
    onboarding_status: 'not_started',
    satisfaction_score: null,
    risk_assessment: null,
    renewal_date: null,
    contract_end_date: null,
    success_probability: null,
  };
}

/** The currency a new client starts with: the one of the page's language. */
export const currencyOfLanguage = (language: string): Currency => (language === 'sv' ? 'sek' : 'usd');

const FIELD_NAMES = Object.keys(editableClient);

/** The contract checks the form: create needs a company name, an edit any subset. */
const resolvers = {
  create: zodResolver(createClientSchema) as unknown as Resolver<Values, unknown, UpdateClientData>,
  update: zodResolver(updateClientSchema),
};

/** A 422's details: keys of the form go on their fields, the rest into the alert. */
function splitDetails(details: Record<string, string[]>): { fields: [Name, string][]; other: string[] } {
  const fields: [Name, string][] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(details)) {
    const top = key.split('.')[0] ?? key;
    // Tags and custom fields are edited as a whole: their item errors go on the control.
    const name = top === 'tags' || top === 'custom_fields' ? top : key;
    if (FIELD_NAMES.includes(top)) fields.push([name as Name, messages.join(' ')]);
    else other.push(messages.join(' '));
  }
  return { fields, other };
}

/** An optional enumeration as a select: '' is "not given" (null). */
function optionalChoice<T extends string>(values: readonly T[], text: string): T | null {
  return values.find((v) => v === text) ?? null;
}

/**
 * The form of a client with every field, for a new client (`client` null: POST with what was
 * entered, checked by createClientSchema) and for an edit (checked by updateClientSchema; only
 * the fields changed are sent, so a colleague's edit of another field is not overwritten).
 * `onSaved` gets the client the API answered.
 */
export function ClientForm({
  client,
  members,
  onCancel,
  onSaved,
}: {
  client: Client | null;
  members: readonly OrganizationMember[];
  onCancel: () => void;
  onSaved: (client: Client) => void;
}) {
  const { t, i18n } = useTranslation(['clients', 'settings', 'leads']);
  const mode = client === null ? 'create' : 'update';
  const create = useCreateClient();
  const update = useUpdateClient(client?.id ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState(() =>
    client === null ? emptyClientValues(currencyOfLanguage(i18n.language)) : valuesFromClient(client),
  );
  const form = useForm<Values, unknown, UpdateClientData>({ resolver: resolvers[mode], defaultValues: initial });
  const managers = members.filter((m) => isAssignable(m) || m.id === client?.relationship_manager);
  const notGiven = t('form.notGiven');

  const save = async (output: UpdateClientData): Promise<Client> => {
    if (client === null) {
      // The create resolver ran: the company name is there.
      const saved = await create.mutateAsync(output as CreateClientData);
      toast.success(t('form.created', { name: saved.company_name }));
      return saved;
    }
    const now = form.getValues();
    const changes = Object.fromEntries(
      Object.entries(output).filter(
        ([key]) => JSON.stringify(now[key as keyof Values]) !== JSON.stringify(initial[key as keyof Values]),
      ),
    ) as UpdateClientData;
    const saved = Object.keys(changes).length > 0 ? await update.mutateAsync(changes) : client;
    toast.success(t('form.saved'));
    return saved;
  };

  const onSubmit = form.handleSubmit(async (output) => {
    setFailure(null);
    try {
      onSaved(await save(output));
    } catch (error) {
      if (isHandledGlobally(error)) return;
      const details = validationDetails(error);
      if (details !== null) {
        const { fields, other } = splitDetails(details);
        for (const [name, message] of fields) form.setError(name, { type: 'server', message });
        setFailure(other.length > 0 ? other.join(' ') : t('form.fixErrors'));
        return;
      }
      setFailure(t('errors.save'));
    }
  });

  const text = (name: Name, label: string, max: number, type = 'text') => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ value, ...field }) => (
        <Input {...field} type={type} maxLength={max} value={typeof value === 'string' ? value : ''} />
      )}
    />
  );
  const choice = <T extends string>(
    name: Name,
    label: string,
    values: readonly T[],
    labelOf: (v: T) => string,
    optional: boolean,
  ) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ value, onChange, ...field }) => (
        <Select
          {...field}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(optional ? optionalChoice(values, e.target.value) : e.target.value)}
          {...(optional ? { placeholder: notGiven } : {})}
          options={values.map((v) => ({ value: v, label: labelOf(v) }))}
        />
      )}
    />
  );
  const number = (name: Name, label: string, opts: { min?: number; max?: number; step?: number } = {}) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ value, onChange, ...field }) => (
        <Input
          {...field}
          type="number"
          inputMode="decimal"
          min={opts.min ?? 0}
          max={opts.max}
          step={opts.step ?? 0.01}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(numberOrNull(e.target.value))}
        />
      )}
    />
  );
  const dateTime = (name: Name, label: string) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ value, onChange, ...field }) => (
        <Input
          {...field}
          type="datetime-local"
          value={toLocalInput(typeof value === 'string' ? value : null)}
          onChange={(e) => onChange(fromLocalInput(e.target.value))}
        />
      )}
    />
  );
  const day = (name: Name, label: string) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ value, onChange, ...field }) => (
        <Input
          {...field}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        />
      )}
    />
  );
  const address = (prefix: 'billing_address' | 'delivery_address') => (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">{t(`fields.${prefix}`)}</legend>
      {text(`${prefix}.street`, t('fields.street'), CLIENT_LIMITS.street)}
      {text(`${prefix}.city`, t('fields.city'), CLIENT_LIMITS.city)}
      {text(`${prefix}.state`, t('fields.state'), CLIENT_LIMITS.state)}
      {text(`${prefix}.postal_code`, t('fields.postal_code'), CLIENT_LIMITS.postalCode)}
      <FormField
        control={form.control}
        name={`${prefix}.country`}
        label={t('fields.country')}
        render={(field) => (
          <Select
            {...field}
            value={field.value ?? ''}
            placeholder={notGiven}
            options={COUNTRIES.map((c) => ({ value: c, label: t(`settings:countries.${c}`) }))}
          />
        )}
      />
    </fieldset>
  );

  return (
    <form
      noValidate
      className="grid gap-6"
      aria-label={mode === 'create' ? t('form.createTitle') : t('form.title')}
      onSubmit={(e) => void onSubmit(e)}
    >
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <Section title={t('detail.sections.overview')}>
        <FormField
          control={form.control}
          name="company_name"
          label={t('fields.company_name')}
          required
          render={({ value, ...field }) => <Input {...field} maxLength={CLIENT_LIMITS.company} value={value ?? ''} />}
        />
        {choice('client_type', t('fields.client_type'), CLIENT_TYPES, (v) => t(`type.${v}`), false)}
        {choice('status', t('fields.status'), CLIENT_STATUSES, (v) => t(`status.${v}`), false)}
        {choice('priority', t('fields.priority'), CLIENT_PRIORITIES, (v) => t(`priority.${v}`), false)}
        {choice('industry', t('fields.industry'), INDUSTRIES, (v) => t(`settings:industries.${v}`), true)}
        {choice('company_size', t('fields.company_size'), COMPANY_SIZES, (v) => t(`leads:companySize.${v}`), true)}
        {text('website', t('fields.website'), 500, 'url')}
        {text('organization_number', t('fields.organization_number'), CLIENT_LIMITS.organizationNumber)}
        {text('vat_id', t('fields.vat_id'), CLIENT_LIMITS.vatId)}
      </Section>

      <Section title={t('detail.sections.contact')}>
        {text('contact_first_name', t('fields.contact_first_name'), CLIENT_LIMITS.name)}
        {text('contact_last_name', t('fields.contact_last_name'), CLIENT_LIMITS.name)}
        {text('contact_email', t('fields.contact_email'), 254, 'email')}
        {text('contact_phone', t('fields.contact_phone'), 32, 'tel')}
        {text('contact_job_title', t('fields.contact_job_title'), CLIENT_LIMITS.jobTitle)}
        {choice(
          'preferred_contact_method',
          t('fields.preferred_contact_method'),
          CONTACT_METHODS,
          (v) => t(`contactMethod.${v}`),
          true,
        )}
        {choice('timezone', t('fields.timezone'), TIMEZONES, (v) => t(`settings:timezones.${v}`), true)}
        {choice('language', t('fields.language'), PROFILE_LANGUAGES, (v) => t(`settings:languages.${v}`), true)}
        {SOCIAL_NETWORKS.map((n) => (
          <FormField
            key={n}
            control={form.control}
            name={`social_media.${n}`}
            label={t(`social.${n}`)}
            render={({ value, onChange, ...field }) => (
              <Input
                {...field}
                type="url"
                maxLength={500}
                value={value ?? ''}
                // An empty link is no link: the key goes, rather than an empty string stored.
                onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
              />
            )}
          />
        ))}
      </Section>

      <Section title={t('detail.sections.addresses')}>
        {text('billing_email', t('fields.billing_email'), 254, 'email')}
        <div className="grid gap-6 sm:col-span-2">
          {address('billing_address')}
          {address('delivery_address')}
        </div>
      </Section>

      <Section title={t('detail.sections.financial')}>
        {choice('currency', t('fields.currency'), CURRENCIES, (v) => v.toUpperCase(), false)}
        {choice('payment_terms', t('fields.payment_terms'), PAYMENT_TERMS, (v) => t(`paymentTerms.${v}`), true)}
        {number('credit_limit', t('fields.credit_limit'))}
        {number('estimated_value', t('fields.estimated_value'))}
        {number('actual_value', t('fields.actual_value'))}
        {number('lifetime_value', t('fields.lifetime_value'))}
        {number('acquisition_cost', t('fields.acquisition_cost'))}
      </Section>

      <Section title={t('detail.sections.relationship')}>
        <FormField
          control={form.control}
          name="relationship_manager"
          label={t('fields.relationship_manager')}
          render={({ value, onChange, ...field }) => (
            <Select
              {...field}
              value={value ?? ''}
              onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
              placeholder={t('list.unassigned')}
              options={managers.map((m) => ({ value: m.id, label: memberName(m) }))}
            />
          )}
        />
        {choice(
          'onboarding_status',
          t('fields.onboarding_status'),
          ONBOARDING_STATUSES,
          (v) => t(`onboarding.${v}`),
          false,
        )}
        {choice('risk_assessment', t('fields.risk_assessment'), RISK_LEVELS, (v) => t(`risk.${v}`), true)}
        {number('satisfaction_score', t('fields.satisfaction_score'), {
          min: SATISFACTION_MIN,
          max: SATISFACTION_MAX,
          step: 1,
        })}
        {number('success_probability', t('fields.success_probability'), { min: 0, max: 100, step: 1 })}
      </Section>

      <Section title={t('detail.sections.dates')}>
        {dateTime('last_contact_date', t('fields.last_contact_date'))}
        {dateTime('next_follow_up_date', t('fields.next_follow_up_date'))}
        {day('renewal_date', t('fields.renewal_date'))}
        {day('contract_end_date', t('fields.contract_end_date'))}
      </Section>

      <Section title={t('detail.sections.more')}>
        <FormField
          control={form.control}
          name="tags"
          label={t('fields.tags')}
          help={t('form.tagsHelp')}
          className="sm:col-span-2"
          render={({ value, onChange, onBlur }) => (
            <TagInput
              value={value ?? []}
              onChange={onChange}
              onBlur={onBlur}
              max={LEAD_LIMITS.tags}
              maxLength={LEAD_LIMITS.tag}
              listLabel={t('fields.tags')}
              placeholder={t('form.tagsPlaceholder')}
            />
          )}
        />
        <FormField
          control={form.control}
          name="notes"
          label={t('fields.notes')}
          className="sm:col-span-2"
          render={({ value, ...field }) => (
            <Textarea {...field} rows={4} maxLength={CLIENT_LIMITS.notes} value={value ?? ''} />
          )}
        />
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t('fields.custom_fields')}</legend>
          <CustomFieldsEditor
            value={initial.custom_fields ?? {}}
            onChange={(next) => form.setValue('custom_fields', next, { shouldDirty: true })}
          />
          <FieldMessage message={messageOf(form.formState.errors.custom_fields)} />
        </fieldset>
      </Section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {mode === 'create' ? t('form.create') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}

/** The message of an error on a record field (its own, or the first of its entries). */
function messageOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 2) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  // `ref` is a DOM element: never walk into it.
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = messageOf(inner, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function FieldMessage({ message }: { message: string | undefined }) {
  const translated = useValidationMessage(message);
  if (translated === undefined) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive-soft-foreground">
      {translated}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 pt-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

type Row = { id: number; key: string; value: string };
let rowSeq = 0;

/**
 * Custom fields as name/value rows. Values are kept as typed (text); a number or yes/no that
 * came from a lead's form stays as it was unless its row is edited.
 */
function CustomFieldsEditor({
  value,
  onChange,
}: {
  value: Record<string, string | number | boolean>;
  onChange: (next: Record<string, string | number | boolean>) => void;
}) {
  const { t } = useTranslation('clients');
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(value).map(([key, v]) => ({ id: (rowSeq += 1), key, value: String(v) })),
  );
  const publish = (next: Row[]) => {
    setRows(next);
    onChange(
      Object.fromEntries(
        next
          .filter((r) => r.key.trim() !== '')
          .map((r) => {
            const original = value[r.key];
            const unchanged = original !== undefined && String(original) === r.value;
            return [r.key.trim(), unchanged ? original : r.value];
          }),
      ),
    );
  };
  return (
    <div className="grid gap-2">
      {rows.length === 0 && <p className="text-sm text-muted-foreground">{t('form.noCustomFields')}</p>}
      {rows.map((row) => (
        <div key={row.id} className="grid grid-cols-[1fr_2fr_auto] items-center gap-2">
          <Input
            aria-label={t('form.customKey')}
            value={row.key}
            maxLength={CLIENT_LIMITS.customKey}
            onChange={(e) => publish(rows.map((r) => (r.id === row.id ? { ...r, key: e.target.value } : r)))}
          />
          <Input
            aria-label={t('form.customValue')}
            value={row.value}
            maxLength={CLIENT_LIMITS.customValue}
            onChange={(e) => publish(rows.map((r) => (r.id === row.id ? { ...r, value: e.target.value } : r)))}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('form.removeCustomField', { name: row.key })}
            onClick={() => publish(rows.filter((r) => r.id !== row.id))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rows.length >= CLIENT_LIMITS.customFields}
          onClick={() => setRows([...rows, { id: (rowSeq += 1), key: '', value: '' }])}
        >
          <Plus aria-hidden="true" />
          {t('form.addCustomField')}
        </Button>
      </div>
    </div>
  );
}
