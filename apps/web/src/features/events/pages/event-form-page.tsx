import { EVENT_MANUAL_STATUSES, type EventManualStatus } from '@leadcapture/contracts/constants';
import type { EventTemplate } from '@leadcapture/contracts/events';
import type { FormField as FormFieldDefinition } from '@leadcapture/contracts/form-fields';
import { suggestSlug } from '@leadcapture/contracts/slugs';
import { ArrowLeft, BookmarkPlus, FileText, LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormBuilder } from '../../../components/form-builder/form-builder.tsx';
import {
  useFormDefinitionErrors,
  type ServerErrorDetails,
} from '../../../components/form-builder/definition-errors.ts';
import { LogoCard } from '../../../components/logo-card.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  PageLoading,
  QueryError,
  QueryLoading,
  RecordLoadFailure,
  SkeletonRows,
} from '../../../components/ui/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import {
  useCreateEvent,
  useEvent,
  useEventLogo,
  useEventTemplates,
  useSaveEventAsTemplate,
  useUpdateEvent,
  type Event,
} from '../api/events.ts';
import { EventAssignmentCard } from '../components/event-assignment-card.tsx';
import { EventScoringRulesCard } from '../components/event-scoring-rules-card.tsx';
import {
  applyTemplate,
  bodyFromValues,
  EMPTY_EVENT,
  valuesFromEvent,
  type EventFormValues,
} from '../components/event-form-values.ts';

const TOP_LEVEL_FIELDS = [
  'name',
  'slug',
  'description',
  'start_date',
  'end_date',
  'location',
  'website',
  'primary_color',
  'welcome_message',
  'consent_text',
] as const;
const SETTINGS = [
  'start_active',
  'email_verification',
  'analytics_tracking',
  'require_approval',
  'quick_actions',
] as const;

/**
 * Checks the form with the contract's own create/update schema (loaded on first use), so the
 * browser says exactly what the server would. The form builder checks the fields itself.
 */
function eventResolver(mode: 'create' | 'update'): Resolver<EventFormValues> {
  return async (values) => {
    const schemas = await import('@leadcapture/contracts/events');
    const schema = mode === 'create' ? schemas.createEventSchema : schemas.updateEventSchema;
    const { form_fields: _fields, ...body } = bodyFromValues(values, []);
    const result = schema.safeParse(body);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if ((TOP_LEVEL_FIELDS as readonly string[]).includes(key))
        errors[key] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** /events/form (create) and /events/form/{id} (edit), spec 01 §2. */
export function EventFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('events');
  if (id === undefined) return <EventForm event={null} />;
  return <EditEvent id={id} key={id} t={t} />;
}

function EditEvent({ id, t }: { id: string; t: ReturnType<typeof useTranslation<'events'>>['t'] }) {
  const event = useEvent(id);
  const { lp } = useLocalizedPath();
  if (event.data) return <EventForm event={event.data} />;
  if (event.isError) {
    return (
      <RecordLoadFailure
        error={event.error}
        eyebrow={<BackLink to="/events">{t('form.backToEvents')}</BackLink>}
        notFoundTitle={t('detail.notFound.title')}
        notFoundBody={t('form.notFound')}
        title={t('form.editTitle')}
        loadFailed={t('form.loadFailed')}
        listPath={lp('/events')}
        backLabel={t('form.backToEvents')}
        onRetry={() => void event.refetch()}
      />
    );
  }
  return (
    <PageLoading className="gap-4">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
    </PageLoading>
  );
}

function EventForm({ event }: { event: Event | null }) {
  const { t } = useTranslation(['events', 'common']);
  const { lp, language } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const mode = event === null ? 'create' : 'update';
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? '');
  const form = useForm<EventFormValues>({
    resolver: eventResolver(mode),
    defaultValues: event === null ? EMPTY_EVENT : valuesFromEvent(event),
  });
  const [formFields, setFormFields] = useState<FormFieldDefinition[]>(event?.form_fields ?? []);
  const [status, setStatus] = useState<EventManualStatus>(event?.manual_status ?? 'active');
  const [serverErrors, setServerErrors] = useState<ServerErrorDetails | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string>('blank');
  const definition = useFormDefinitionErrors(formFields);
  const pending = create.isPending || update.isPending;

  const name = useWatch({ control: form.control, name: 'name' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const addressSlug = slug.trim() || suggestSlug(name) || 'your-event';
  const address = `${window.location.origin}/capture/${addressSlug}`;

  const chooseTemplate = (template: EventTemplate | null) => {
    setTemplateId(template?.id ?? 'blank');
    const current = form.getValues();
    form.reset(template === null ? { ...EMPTY_EVENT, name: current.name } : applyTemplate(current, template), {
      keepDirty: true,
    });
    setFormFields(template === null ? [] : [...template.form_fields]);
  };

  const submit = (targetStatus: EventManualStatus) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      setServerErrors(undefined);
      if (definition.count > 0) {
        setFailure(t('form.fixForm'));
        return;
      }
      const body = { ...bodyFromValues(values, formFields), status: targetStatus };
      try {
        if (event === null) {
          const created = await create.mutateAsync({ ...body, status: targetStatus === 'draft' ? 'draft' : 'active' });
          toast.success(targetStatus === 'draft' ? t('form.savedDraft') : t('form.created'));
          await navigate(lp(`/events/${created.id}`));
        } else {
          await update.mutateAsync(body);
          toast.success(t('form.updated'));
          await navigate(lp(`/events/${event.id}`));
        }
      } catch (error) {
        if (isHandledGlobally(error)) return;
        const details = validationDetails(error);
        if (details !== null) setServerErrors(details);
        const unmatched = applyServerErrors(error, form.setError, TOP_LEVEL_FIELDS);
        const onlyFormFields = details !== null && Object.keys(details).every((k) => k.startsWith('form_fields'));
        if (onlyFormFields) setFailure(t('form.fixForm'));
        else if (unmatched === null || unmatched.length > 0)
          setFailure(event === null ? t('form.createFailed') : t('form.updateFailed'));
      }
    });

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={
          <Link
            to={lp(event === null ? '/events' : `/events/${event.id}`)}
            className="inline-flex items-center gap-1 hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {event === null ? t('form.backToEvents') : event.name}
          </Link>
        }
        title={event === null ? t('form.createTitle') : t('form.editTitle')}
        description={event === null ? t('form.createDescription') : t('form.editDescription')}
        actions={event !== null && canWrite ? <SaveAsTemplate event={event} /> : undefined}
      />

      {event === null && <TemplatePicker language={language} selected={templateId} onChoose={chooseTemplate} />}

      <form
        noValidate
        className="grid gap-6"
        aria-label={event === null ? t('form.createTitle') : t('form.editTitle')}
        onSubmit={(e) => void submit(event === null ? 'active' : status)(e)}
      >
        {failure !== null && <FormAlert>{failure}</FormAlert>}

        <Card>
          <CardHeader>
            <CardTitle>{t('form.basics.title')}</CardTitle>
            <CardDescription>{t('form.basics.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 pt-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              label={t('form.fields.name')}
              required
              className="sm:col-span-2"
              render={(field) => <Input maxLength={200} autoComplete="off" {...field} />}
            />
            <FormField
              control={form.control}
              name="slug"
              label={t('form.fields.slug')}
              help={
                <>
                  {t('form.fields.slugHelp')} <span className="font-mono break-all text-foreground">{address}</span>
                  {event !== null && <span className="mt-1 block">{t('form.fields.slugWarning')}</span>}
                </>
              }
              className="sm:col-span-2"
              render={(field) => (
                <Input
                  maxLength={60}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={suggestSlug(name)}
                  {...field}
                />
              )}
            />
            <FormField
              control={form.control}
              name="start_date"
              label={t('form.fields.startDate')}
              render={(field) => <Input type="datetime-local" {...field} />}
            />
            <FormField
              control={form.control}
              name="end_date"
              label={t('form.fields.endDate')}
              render={(field) => <Input type="datetime-local" {...field} />}
            />
            <FormField
              control={form.control}
              name="location"
              label={t('form.fields.location')}
              render={(field) => (
                <Input maxLength={300} placeholder={t('form.fields.locationPlaceholder')} {...field} />
              )}
            />
            <FormField
              control={form.control}
              name="website"
              label={t('form.fields.website')}
              render={(field) => <Input type="url" maxLength={500} placeholder="https://" {...field} />}
            />
            <FormField
              control={form.control}
              name="description"
              label={t('form.fields.description')}
              className="sm:col-span-2"
              render={(field) => <Textarea rows={3} maxLength={5000} {...field} />}
            />
            {event !== null && (
              <Field label={t('form.fields.status')} help={t('form.fields.statusHelp')}>
                <Select
                  value={status}
                  onChange={(e) => setStatus(e.target.value as EventManualStatus)}
                  options={EVENT_MANUAL_STATUSES.map((s) => ({ value: s, label: t(`common:eventStatus.${s}`) }))}
                />
              </Field>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('form.look.title')}</CardTitle>
            <CardDescription>{t('form.look.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 pt-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="primary_color"
              label={t('form.fields.primaryColor')}
              render={(field) => (
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label={t('form.fields.colorPicker')}
                    value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : '#4f46e5'}
                    onChange={(e) => field.onChange(e.target.value)}
                    className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-input bg-card p-1"
                  />
                  <Input maxLength={7} spellCheck={false} className="font-mono" {...field} />
                </div>
              )}
            />
            <div className="hidden sm:block" />
            <FormField
              control={form.control}
              name="welcome_message"
              label={t('form.fields.welcomeMessage')}
              help={t('form.fields.welcomeHelp')}
              render={(field) => <Textarea rows={3} maxLength={2000} {...field} />}
            />
            <FormField
              control={form.control}
              name="consent_text"
              label={t('form.fields.consentText')}
              help={t('form.fields.consentHelp')}
              render={(field) => <Textarea rows={3} maxLength={1000} {...field} />}
            />
          </CardContent>
        </Card>

        {event !== null && <EventLogo event={event} canEdit={canWrite} />}

        <Card>
          <CardHeader>
            <CardTitle>{t('form.settings.title')}</CardTitle>
            <CardDescription>{t('form.settings.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 pt-4 sm:grid-cols-2">
            {SETTINGS.map((setting) => (
              <Checkbox
                key={setting}
                label={t(`form.settings.${setting}.label`)}
                help={t(`form.settings.${setting}.help`)}
                {...form.register(`settings.${setting}`)}
              />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('form.builder.title')}</CardTitle>
            <CardDescription>{t('form.builder.description')}</CardDescription>
          </CardHeader>
          <CardContent className="pt-4">
            <FormBuilder
              value={formFields}
              onChange={setFormFields}
              errors={serverErrors}
              errorPrefix="form_fields"
              disabled={!canWrite}
            />
          </CardContent>
        </Card>

        {canWrite && (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t border-border bg-background/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
            <Button asChild variant="ghost">
              <Link to={lp(event === null ? '/events' : `/events/${event.id}`)}>{t('form.cancel')}</Link>
            </Button>
            {event === null ? (
              <>
                <Button type="button" variant="outline" loading={pending} onClick={(e) => void submit('draft')(e)}>
                  {t('form.saveDraft')}
                </Button>
                <Button type="submit" loading={pending}>
                  {t('form.create')}
                </Button>
              </>
            ) : (
              <Button type="submit" loading={pending}>
                {t('form.save')}
              </Button>
            )}
          </div>
        )}
      </form>

      {event !== null && (
        <section aria-labelledby="event-qualification-heading" className="grid gap-6">
          <div className="grid gap-1">
            <h2 id="event-qualification-heading" className="text-lg font-semibold text-foreground">
              {t('form.qualification.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('form.qualification.description')}</p>
          </div>
          <EventAssignmentCard eventId={event.id} canEdit={canWrite} />
          <EventScoringRulesCard eventId={event.id} formFields={event.form_fields} canEdit={canWrite} />
        </section>
      )}
    </div>
  );
}

function TemplatePicker({
  language,
  selected,
  onChoose,
}: {
  language: 'en' | 'sv';
  selected: string;
  onChoose: (template: EventTemplate | null) => void;
}) {
  const { t } = useTranslation('events');
  const templates = useEventTemplates(language);
  const option = (id: string, title: string, body: string, icon: typeof FileText, onClick: () => void) => {
    const Icon = icon;
    return (
      <li key={id}>
        <button
          type="button"
          aria-pressed={selected === id}
          onClick={onClick}
          className="flex h-full w-full items-start gap-3 rounded-xl border border-border bg-card p-4 text-left transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:bg-primary-soft/50"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <Icon aria-hidden="true" className="size-4.5" />
          </span>
          <span className="grid gap-0.5">
            <span className="text-sm font-semibold text-foreground">{title}</span>
            <span className="line-clamp-2 text-xs text-muted-foreground">{body}</span>
          </span>
        </button>
      </li>
    );
  };
  return (
    <section aria-labelledby="event-template-heading" className="grid gap-3">
      <h2 id="event-template-heading" className="text-sm font-semibold text-foreground">
        {t('form.templates.title')}
      </h2>
      {templates.isError && templates.data === undefined && (
        <QueryError compact message={t('form.templates.loadFailed')} onRetry={() => void templates.refetch()} />
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {option('blank', t('form.templates.blank'), t('form.templates.blankBody'), FileText, () => onChoose(null))}
        {templates.data === undefined
          ? !templates.isError && (
              <QueryLoading as="li" className="gap-3 lg:col-span-2 lg:grid-cols-2">
                <SkeletonRows rows={2} className="h-20 w-full" />
              </QueryLoading>
            )
          : templates.data.map((template) =>
              option(
                template.id,
                template.name,
                template.description || t('form.templates.fields', { count: template.form_fields.length }),
                LayoutTemplate,
                () => onChoose(template),
              ),
            )}
      </ul>
    </section>
  );
}

function EventLogo({ event, canEdit }: { event: Event; canEdit: boolean }) {
  const { upload, remove } = useEventLogo(event.id);
  return <LogoCard logoUrl={event.logo_url} name={event.name} canEdit={canEdit} upload={upload} remove={remove} />;
}

function SaveAsTemplate({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  const save = useSaveEventAsTemplate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(event.name);
  const [error, setError] = useState<string | null>(null);
  const openDialog = () => {
    setName(event.name);
    setError(null);
    setOpen(true);
  };
  const onSave = () => {
    if (name.trim() === '') return setError(t('form.saveTemplate.nameRequired'));
    save.mutate(
      { event_id: event.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(t('form.saveTemplate.saved'));
          setOpen(false);
        },
        onError: (e) => {
          if (!isHandledGlobally(e)) setError(t('form.saveTemplate.failed'));
        },
      },
    );
  };
  return (
    <>
      <Button variant="outline" onClick={openDialog}>
        <BookmarkPlus aria-hidden="true" />
        {t('form.saveTemplate.button')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="sm"
        title={t('form.saveTemplate.title')}
        description={t('form.saveTemplate.description')}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('form.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={onSave}>
              {t('form.saveTemplate.save')}
            </Button>
          </>
        }
      >
        <Field label={t('form.saveTemplate.name')} error={error ?? undefined} required>
          <Input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </Field>
      </Modal>
    </>
  );
}
