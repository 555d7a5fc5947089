import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUDGET_RANGES,
  COMPANY_SIZES,
  DECISION_ROLES,
  DECISION_TIMELINES,
  LEAD_INTERESTS,
  LEAD_STATUSES,
  MANUAL_SOURCES,
} from '@leadcapture/contracts/constants';
import {
  createLeadSchema,
  LEAD_LIMITS,
  updateLeadSchema,
  type CreateLeadData,
  type CreateLeadInput,
  type UpdateLeadInput,
} from '@leadcapture/contracts/leads';
import { SCORE_MAX, SCORE_MIN } from '@leadcapture/contracts/lead-scoring';
import { ArrowLeft } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import {
  useForm,
  type FieldError,
  type FieldErrors,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
} from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading, RecordLoadFailure } from '../../../components/ui/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { unionMessages } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useEventChoices } from '../../events/api/events.ts';
import { useCreateLead, useLead, useUpdateLead, type Lead } from '../api/leads.ts';
import { isAssignable, memberName, useMembers } from '../api/members.ts';
import {
  EMPTY_LEAD,
  serverErrorsByField,
  valuesFromLead,
  type LeadFormOutput,
  type LeadFormValues,
} from '../components/lead-form-values.ts';
import { leadName } from '../components/lead-name.ts';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { fromLocalInput, toLocalInput } from '../utils/dates.ts';

const createResolver = zodResolver(createLeadSchema);
const updateResolver = zodResolver(updateLeadSchema);

/**
 * The contract's own schemas check the form, so the browser says exactly what the server would:
 * createLeadSchema for a new lead, updateLeadSchema (no source: it is set once) for an edit.
 */
export function leadFormResolver(mode: 'create' | 'update'): Resolver<LeadFormValues, unknown, LeadFormOutput> {
  return async (values, context, options) => {
    // The form's values are the schemas' input types field by field; only the resolver types differ.
    const { source: _source, ...editable } = values;
    const result = (mode === 'create'
      ? await createResolver(values, context, options as unknown as ResolverOptions<CreateLeadInput>)
      : await updateResolver(
          editable,
          context,
          options as unknown as ResolverOptions<UpdateLeadInput>,
        )) as unknown as ResolverResult<LeadFormValues, LeadFormOutput>;
    if (Object.keys(result.errors).length === 0) return result;
    // "Empty or a valid email": say what is wrong with the email, not that it is not empty.
    const parsed = mode === 'create' ? createLeadSchema.safeParse(values) : updateLeadSchema.safeParse(editable);
    const better = parsed.success ? {} : unionMessages(parsed.error.issues);
    const errors: Record<string, FieldError | undefined> = { ...(result.errors as Record<string, FieldError>) };
    for (const [field, message] of Object.entries(better)) {
      const current = errors[field];
      if (current !== undefined) errors[field] = { ...current, message };
    }
    return { values: {}, errors: errors as FieldErrors<LeadFormValues> };
  };
}

/** /leads/form (create) and /leads/form/{id} (edit), spec 01 §2. */
export function LeadFormPage() {
  const { id } = useParams();
  if (id === undefined) return <LeadForm lead={null} />;
  return <EditLead id={id} key={id} />;
}

function EditLead({ id }: { id: string }) {
  const { t } = useTranslation(['leads', 'common']);
  const { lp } = useLocalizedPath();
  const lead = useLead(id);
  if (lead.data) return <LeadForm lead={lead.data} />;
  if (lead.isError) {
    return (
      <RecordLoadFailure
        error={lead.error}
        eyebrow={<BackLink to="/leads">{t('detail.back')}</BackLink>}
        notFoundTitle={t('errors.notFound')}
        notFoundBody={t('detail.notFoundBody')}
        title={t('form.editTitle')}
        loadFailed={t('errors.loadOne')}
        listPath={lp('/leads')}
        backLabel={t('detail.back')}
        onRetry={() => void lead.refetch()}
      />
    );
  }
  return (
    <PageLoading className="gap-4">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-48 w-full" />
    </PageLoading>
  );
}

function LeadForm({ lead }: { lead: Lead | null }) {
  const { t } = useTranslation(['leads', 'common']);
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const mode = lead === null ? 'create' : 'update';
  const create = useCreateLead();
  const update = useUpdateLead(lead?.id ?? '');
  const eventChoices = useEventChoices();
  const { members } = useMembers();
  const [failure, setFailure] = useState<string | null>(null);
  // An event page's "Add lead" (its quick actions) comes with `?event={id}`: the lead starts in it.
  const [params] = useSearchParams();
  const presetEvent = params.get('event');
  const form = useForm<LeadFormValues, unknown, LeadFormOutput>({
    resolver: leadFormResolver(mode),
    defaultValues:
      lead !== null
        ? valuesFromLead(lead)
        : {
            ...EMPTY_LEAD,
            event: presetEvent !== null && z.uuid().safeParse(presetEvent).success ? presetEvent : null,
          },
  });
  const pending = create.isPending || update.isPending;

  // The assignee may have left the team or lost write access; they stay choosable on their lead.
  const assignable = members.filter((m) => isAssignable(m) || m.id === lead?.assigned_to);
  const eventOptions = [...eventChoices];
  if (lead?.event != null && !eventOptions.some((o) => o.value === lead.event)) {
    eventOptions.push({ value: lead.event, label: t('form.currentEvent') });
  }

  const onSubmit = form.handleSubmit(async (output) => {
    setFailure(null);
    try {
      if (lead === null) {
        // The create resolver ran: first and last name are there (createLeadSchema).
        const { lead: saved, created } = await create.mutateAsync(output as CreateLeadData);
        if (created) toast.success(t('form.created', { name: leadName(saved) }));
        else toast.info(t('form.linked', { name: leadName(saved) }), { message: t('form.linkedBody') });
        await navigate(lp(`/leads/${saved.id}`));
      } else {
        // Only what was changed: a concurrent edit of another field is not overwritten.
        const before = valuesFromLead(lead);
        const now = form.getValues();
        const changed = (key: string) => {
          const field = key as keyof LeadFormValues;
          return field !== 'source' && JSON.stringify(now[field]) !== JSON.stringify(before[field]);
        };
        const changes = Object.fromEntries(Object.entries(output).filter(([key]) => changed(key))) as LeadFormOutput;
        if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
        toast.success(t('form.updated'));
        await navigate(lp(`/leads/${lead.id}`));
      }
    } catch (error) {
      if (isHandledGlobally(error)) return;
      const details = validationDetails(error);
      if (details !== null) {
        const { fields, other } = serverErrorsByField(details);
        for (const [field, message] of Object.entries(fields)) {
          form.setError(field as keyof LeadFormValues, { type: 'server', message });
        }
        setFailure(other.length > 0 ? other.join(' ') : t('form.fixErrors'));
        return;
      }
      setFailure(lead === null ? t('errors.create') : t('errors.update'));
    }
  });

  const title = lead === null ? t('form.createTitle') : t('form.editTitle');

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={
          <Link
            to={lp(lead === null ? '/leads' : `/leads/${lead.id}`)}
            className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {lead === null ? t('detail.back') : leadName(lead)}
          </Link>
        }
        title={title}
        description={lead === null ? t('form.createDescription') : t('form.editDescription')}
      />

      <form noValidate className="grid gap-6" aria-label={title} onSubmit={(e) => void onSubmit(e)}>
        {failure !== null && <FormAlert>{failure}</FormAlert>}
        <fieldset disabled={!canWrite} className="grid gap-6">
          <FormSection section="contact" grid>
            <FormField
              control={form.control}
              name="first_name"
              label={t('fields.first_name')}
              required
              render={(field) => <Input autoComplete="off" maxLength={LEAD_LIMITS.name} {...field} />}
            />
            <FormField
              control={form.control}
              name="last_name"
              label={t('fields.last_name')}
              required
              render={(field) => <Input autoComplete="off" maxLength={LEAD_LIMITS.name} {...field} />}
            />
            <FormField
              control={form.control}
              name="email"
              label={t('fields.email')}
              render={(field) => <Input type="email" autoComplete="off" maxLength={254} {...field} />}
            />
            <FormField
              control={form.control}
              name="phone"
              label={t('fields.phone')}
              render={(field) => <Input type="tel" autoComplete="off" maxLength={32} {...field} />}
            />
            <FormField
              control={form.control}
              name="company"
              label={t('fields.company')}
              render={(field) => <Input autoComplete="off" maxLength={LEAD_LIMITS.company} {...field} />}
            />
            <FormField
              control={form.control}
              name="job_title"
              label={t('fields.job_title')}
              render={(field) => <Input autoComplete="off" maxLength={LEAD_LIMITS.jobTitle} {...field} />}
            />
            <FormField
              control={form.control}
              name="company_size"
              label={t('fields.company_size')}
              render={(field) => (
                <Select
                  {...field}
                  placeholder={t('form.notGiven')}
                  options={COMPANY_SIZES.map((v) => ({ value: v, label: t(`companySize.${v}`) }))}
                />
              )}
            />
          </FormSection>

          <FormSection section="qualification" grid>
            <FormField
              control={form.control}
              name="status"
              label={t('fields.status')}
              render={(field) => (
                <Select {...field} options={LEAD_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
              )}
            />
            <FormField
              control={form.control}
              name="interest"
              label={t('fields.interest')}
              render={({ value, onChange, ...field }) => (
                <Select
                  {...field}
                  value={value ?? ''}
                  onChange={(e) => onChange(LEAD_INTERESTS.find((i) => i === e.target.value) ?? null)}
                  placeholder={t('interest.none')}
                  options={LEAD_INTERESTS.map((v) => ({ value: v, label: t(`interest.${v}`) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="budget_range"
              label={t('fields.budget_range')}
              render={(field) => (
                <Select {...field} options={BUDGET_RANGES.map((v) => ({ value: v, label: t(`budget.${v}`) }))} />
              )}
            />
            <FormField
              control={form.control}
              name="decision_timeline"
              label={t('fields.decision_timeline')}
              render={(field) => (
                <Select
                  {...field}
                  options={DECISION_TIMELINES.map((v) => ({ value: v, label: t(`decisionTimeline.${v}`) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="decision_role"
              label={t('fields.decision_role')}
              render={(field) => (
                <Select {...field} options={DECISION_ROLES.map((v) => ({ value: v, label: t(`role.${v}`) }))} />
              )}
            />
            <FormField
              control={form.control}
              name="manual_score"
              label={t('fields.manual_score')}
              help={t('form.help.manualScore')}
              render={({ value, onChange, ...field }) => (
                <Input
                  {...field}
                  type="number"
                  inputMode="numeric"
                  min={SCORE_MIN}
                  max={SCORE_MAX}
                  step={1}
                  value={value ?? ''}
                  onChange={(e) => onChange(e.target.value.trim() === '' ? null : Number(e.target.value))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="interested_products"
              label={t('fields.interested_products')}
              help={t('form.help.products')}
              className="sm:col-span-2"
              render={({ value, onChange, onBlur }) => (
                <TagInput
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  max={LEAD_LIMITS.products}
                  maxLength={LEAD_LIMITS.product}
                  listLabel={t('fields.interested_products')}
                  placeholder={t('form.placeholders.products')}
                />
              )}
            />
          </FormSection>

          <FormSection section="followUp" grid>
            {lead === null && (
              <FormField
                control={form.control}
                name="source"
                label={t('fields.source')}
                render={(field) => (
                  <Select
                    {...field}
                    options={MANUAL_SOURCES.map((s) => ({ value: s, label: t(`common:leadSource.${s}`) }))}
                  />
                )}
              />
            )}
            <FormField
              control={form.control}
              name="event"
              label={t('fields.event')}
              render={(field) => <NullableSelect {...field} placeholder={t('form.noEvent')} options={eventOptions} />}
            />
            <FormField
              control={form.control}
              name="assigned_to"
              label={t('fields.assigned_to')}
              render={(field) => (
                <NullableSelect
                  {...field}
                  placeholder={t('assign.nobody')}
                  options={assignable.map((m) => ({ value: m.id, label: memberName(m) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="follow_up_date"
              label={t('fields.follow_up_date')}
              render={({ value, onChange, ...field }) => (
                <Input
                  {...field}
                  type="datetime-local"
                  value={toLocalInput(value)}
                  onChange={(e) => onChange(fromLocalInput(e.target.value))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="tags"
              label={t('fields.tags')}
              help={t('form.help.tags')}
              className="sm:col-span-2"
              render={({ value, onChange, onBlur }) => (
                <TagInput
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  max={LEAD_LIMITS.tags}
                  maxLength={LEAD_LIMITS.tag}
                  listLabel={t('fields.tags')}
                  placeholder={t('form.placeholders.tags')}
                />
              )}
            />
          </FormSection>

          <FormSection section="notes">
            <FormField
              control={form.control}
              name="notes"
              label={t('fields.notes')}
              hideLabel
              render={(field) => <Textarea rows={5} maxLength={LEAD_LIMITS.notes} {...field} />}
            />
          </FormSection>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={lp(lead === null ? '/leads' : `/leads/${lead.id}`)}>{t('actions.cancel')}</Link>
          </Button>
          {canWrite && (
            <Button type="submit" loading={pending}>
              {lead === null ? t('form.create') : t('form.save')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

type SectionName = 'contact' | 'qualification' | 'followUp' | 'notes';

/** One card of the form: its title and help from `form.sections`, its fields in two columns or one. */
function FormSection({
  section,
  grid = false,
  children,
}: {
  section: SectionName;
  grid?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('leads');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(`form.sections.${section}`)}</CardTitle>
        <CardDescription>{t(`form.sections.${section}Help`)}</CardDescription>
      </CardHeader>
      <CardContent className={grid ? 'grid gap-5 pt-4 sm:grid-cols-2' : 'pt-4'}>{children}</CardContent>
    </Card>
  );
}

type NullableSelectProps = Omit<ComponentProps<typeof Select>, 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A select of an optional reference (event, assignee): the placeholder choice means null. */
function NullableSelect({ value, onChange, ...props }: NullableSelectProps) {
  return (
    <Select {...props} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />
  );
}
