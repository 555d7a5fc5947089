import type { FormField as FormFieldDefinition } from '@leadcapture/contracts/form-fields';
import { OFFER_LIMITS, OFFER_MESSAGES, type OfferStatus } from '@leadcapture/contracts/offers';
import { SLUG_MESSAGES, slugProblem, suggestSlug } from '@leadcapture/contracts/slugs';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormBuilder } from '../../../components/form-builder/form-builder.tsx';
import {
  useFormDefinitionErrors,
  type ServerErrorDetails,
} from '../../../components/form-builder/definition-errors.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading, RecordLoadFailure } from '../../../components/ui/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { EventAssignmentCard, EventScoringRulesCard } from '../../events/api/qualification-cards.ts';
import { useCreateOffer, useOffer, useOfferSlugAvailability, useUpdateOffer, type Offer } from '../api/offers.ts';
import { LeaveGuard } from '../components/leave-guard.tsx';
import { OfferPublishedBadge, OfferStatusBadge } from '../components/offer-badges.tsx';
import {
  createBody,
  EMPTY_OFFER,
  updateBody,
  valuesFromOffer,
  type OfferFormValues,
} from '../components/offer-form-values.ts';
import { OfferLeadsPanel } from '../components/offer-leads-panel.tsx';
import { OfferQuickStats } from '../components/offer-quick-stats.tsx';
import { OfferTools } from '../components/offer-tools.tsx';
import { Switch } from '../components/switch.tsx';

/** Fields of the page settings that a 422 or 409 answer can name. */
const TOP_LEVEL_FIELDS = [
  'title',
  'slug',
  'description',
  'success_message',
  'consent_text',
  'status',
  'is_published',
] as const;
type TopLevelField = (typeof TOP_LEVEL_FIELDS)[number];
const isTopLevel = (key: string): key is TopLevelField => (TOP_LEVEL_FIELDS as readonly string[]).includes(key);

/** The slug is checked against the server once typing has paused this long. */
const SLUG_CHECK_DELAY_MS = 400;

type Translate = (
  key: 'form.fields.slugTaken' | 'form.fields.slugFormat' | 'form.fields.slugReserved' | 'form.fields.publishNotActive',
) => string;

/**
 * The offer messages the shared validation catalogue (errors:validation) does not know, in the
 * page's language; any other message goes through FormField's own translation.
 */
function localMessage(message: string, t: Translate): string {
  if (message === SLUG_MESSAGES.taken) return t('form.fields.slugTaken');
  if (message === SLUG_MESSAGES.format) return t('form.fields.slugFormat');
  if (message === SLUG_MESSAGES.reserved) return t('form.fields.slugReserved');
  if (message === OFFER_MESSAGES.publishNotActive) return t('form.fields.publishNotActive');
  return message;
}

/**
 * Checks the page settings with the contract's own create/update schema (loaded on first use),
 * so the browser says exactly what the server would. The form builder checks the fields itself.
 */
function offerResolver(mode: 'create' | 'update', t: Translate): Resolver<OfferFormValues> {
  return async (values) => {
    const schemas = await import('@leadcapture/contracts/offers');
    const { form_fields: _fields, ...body } = mode === 'create' ? createBody(values, []) : updateBody(values, []);
    const result = (mode === 'create' ? schemas.createOfferSchema : schemas.updateOfferSchema).safeParse(body);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (isTopLevel(key)) errors[key] ??= { type: 'validation', message: localMessage(issue.message, t) };
    }
    return { values: {}, errors };
  };
}

function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** /offers/form (create) and /offers/form/{id} (edit): the offer builder of spec 01 §2. */
export function OfferFormPage() {
  const { id } = useParams();
  if (id === undefined) return <OfferForm offer={null} />;
  return <EditOffer id={id} key={id} />;
}

function EditOffer({ id }: { id: string }) {
  const { t } = useTranslation('offers');
  const { lp } = useLocalizedPath();
  const offer = useOffer(id);
  if (offer.data) return <OfferForm offer={offer.data} />;
  if (offer.isError) {
    return (
      <RecordLoadFailure
        error={offer.error}
        eyebrow={<BackLink to={lp('/offers')} label={t('form.backToOffers')} />}
        notFoundTitle={t('form.notFoundTitle')}
        notFoundBody={t('form.notFound')}
        title={t('form.editTitle')}
        loadFailed={t('form.loadFailed')}
        listPath={lp('/offers')}
        backLabel={t('form.backToOffers')}
        onRetry={() => void offer.refetch()}
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

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

function OfferForm({ offer }: { offer: Offer | null }) {
  const { t } = useTranslation(['offers', 'common']);
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const mode = offer === null ? 'create' : 'update';
  const create = useCreateOffer();
  const update = useUpdateOffer(offer?.id ?? '');
  const translate: Translate = (key) => t(key);
  const form = useForm<OfferFormValues>({
    resolver: offerResolver(mode, translate),
    defaultValues: offer === null ? EMPTY_OFFER : valuesFromOffer(offer),
  });
  const [formFields, setFormFields] = useState<FormFieldDefinition[]>(offer?.form_fields ?? []);
  // The fields as last saved (or loaded): the builder is "dirty" when they differ.
  const [savedFields, setSavedFields] = useState<string>(() => JSON.stringify(offer?.form_fields ?? []));
  const [serverErrors, setServerErrors] = useState<ServerErrorDetails | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const definition = useFormDefinitionErrors(formFields);
  const pending = create.isPending || update.isPending;
  const allowNextRef = useRef(false);

  const { isDirty } = form.formState;
  const fieldsDirty = useMemo(() => JSON.stringify(formFields) !== savedFields, [formFields, savedFields]);
  const dirty = canWrite && (isDirty || fieldsDirty);

  const title = useWatch({ control: form.control, name: 'title' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const status = useWatch({ control: form.control, name: 'status' });
  const published = useWatch({ control: form.control, name: 'is_published' });
  // What the server would make from the title (a preview: it adds a suffix when that is taken).
  const suggested = title.trim() === '' ? '' : suggestSlug(title, 'offer');
  const addressSlug = slug.trim() || suggested || 'your-offer';
  const address = `${window.location.origin}/show/${addressSlug}`;

  // Live availability of a slug the rules accept, once typing pauses (the contract trims and lowercases).
  const typedSlug = useSettled(slug.trim().toLowerCase(), SLUG_CHECK_DELAY_MS);
  // The offer's own saved slug needs no asking: it is its own.
  const checkable =
    canWrite &&
    typedSlug !== '' &&
    typedSlug !== offer?.slug &&
    slugProblem(typedSlug) === null &&
    typedSlug === slug.trim().toLowerCase();
  const availability = useOfferSlugAvailability(typedSlug, offer?.id ?? null, checkable);
  const taken = checkable && availability.data?.available === false;
  const { setError, clearErrors, getFieldState } = form;
  useEffect(() => {
    if (taken) setError('slug', { type: 'availability', message: t('form.fields.slugTaken') });
    else if (getFieldState('slug').error?.type === 'availability') clearErrors('slug');
  }, [taken, setError, clearErrors, getFieldState, t]);

  const setStatus = (next: OfferStatus) => {
    form.setValue('status', next, { shouldDirty: true });
    // Leaving active unpublishes (docs/offers.md): the switch follows at once, as the server would.
    if (next !== 'active') form.setValue('is_published', false, { shouldDirty: true });
    form.clearErrors(['status', 'is_published']);
  };
  const setPublished = (next: boolean) => {
    form.setValue('is_published', next, { shouldDirty: true });
    // Only an active offer is published: publishing a draft activates it in the same request.
    if (next && form.getValues('status') !== 'active') form.setValue('status', 'active', { shouldDirty: true });
    form.clearErrors(['status', 'is_published']);
  };

  const submit = async (values: OfferFormValues) => {
    setFailure(null);
    setServerErrors(undefined);
    if (definition.count > 0) {
      setFailure(t('form.fixForm'));
      return;
    }
    try {
      if (offer === null) {
        const created = await create.mutateAsync(createBody(values, formFields));
        toast.success(t('form.created'));
        // Saved: the move to the new offer's builder is no leaving.
        allowNextRef.current = true;
        await navigate(lp(`/offers/form/${created.id}`), { replace: true });
      } else {
        const saved = await update.mutateAsync(updateBody(values, formFields));
        toast.success(t('form.updated'));
        form.reset(valuesFromOffer(saved));
        setFormFields(saved.form_fields);
        setSavedFields(JSON.stringify(saved.form_fields));
      }
    } catch (error) {
      if (isHandledGlobally(error)) return;
      const details = validationDetails(error);
      if (details !== null) setServerErrors(details);
      let unmatched = details === null;
      for (const [key, messages] of Object.entries(details ?? {})) {
        if (isTopLevel(key)) {
          form.setError(key, { type: 'server', message: messages.map((m) => localMessage(m, translate)).join(' ') });
        } else if (!key.startsWith('form_fields')) unmatched = true;
      }
      const onlyFormFields = details !== null && Object.keys(details).every((k) => k.startsWith('form_fields'));
      if (onlyFormFields) setFailure(t('form.fixForm'));
      else if (unmatched) setFailure(offer === null ? t('form.createFailed') : t('form.updateFailed'));
    }
  };
  const backTo = lp('/offers');

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={<BackLink to={backTo} label={t('form.backToOffers')} />}
        title={offer === null ? t('form.createTitle') : t('form.editTitle')}
        description={offer === null ? t('form.createDescription') : t('form.editDescription')}
        actions={offer !== null ? <OfferTools offer={offer} /> : undefined}
      />

      {offer !== null && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <OfferStatusBadge status={offer.status} />
          <OfferPublishedBadge published={offer.is_published} />
          <a
            href={offer.public_url}
            target="_blank"
            rel="noreferrer"
            className="break-all text-muted-foreground hover:underline"
          >
            {offer.public_url}
          </a>
          {/* The leads list has no offer filter: the offer's leads are listed at the foot of this page. */}
          <a href="#offer-leads" className="font-medium text-primary hover:underline">
            {t('form.viewLeads')}
          </a>
        </div>
      )}

      {offer !== null && <OfferQuickStats offer={offer} />}

      <form
        noValidate
        className="grid gap-6"
        aria-label={offer === null ? t('form.createTitle') : t('form.editTitle')}
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
      >
        {failure !== null && <FormAlert>{failure}</FormAlert>}

        <Card>
          <CardHeader>
            <CardTitle>{t('form.page.title')}</CardTitle>
            <CardDescription>{t('form.page.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 pt-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="title"
              label={t('form.fields.title')}
              required
              className="sm:col-span-2"
              render={(field) => (
                <Input maxLength={OFFER_LIMITS.title} autoComplete="off" disabled={!canWrite} {...field} />
              )}
            />
            <FormField
              control={form.control}
              name="slug"
              label={t('form.fields.slug')}
              help={
                <>
                  {t('form.fields.slugHelp')} <span className="font-mono break-all text-foreground">{address}</span>
                  {offer !== null && <span className="mt-1 block">{t('form.fields.slugWarning')}</span>}
                  <span aria-live="polite" className="mt-1 block">
                    {checkable && availability.isFetching
                      ? t('form.fields.slugChecking')
                      : checkable && availability.data?.available === true
                        ? t('form.fields.slugAvailable')
                        : ''}
                  </span>
                </>
              }
              className="sm:col-span-2"
              render={(field) => (
                <Input
                  maxLength={60}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={suggested}
                  disabled={!canWrite}
                  {...field}
                />
              )}
            />
            <FormField
              control={form.control}
              name="description"
              label={t('form.fields.description')}
              className="sm:col-span-2"
              render={(field) => (
                <Textarea rows={3} maxLength={OFFER_LIMITS.description} disabled={!canWrite} {...field} />
              )}
            />
            <FormField
              control={form.control}
              name="success_message"
              label={t('form.fields.successMessage')}
              help={t('form.fields.successHelp')}
              render={(field) => (
                <Textarea rows={3} maxLength={OFFER_LIMITS.successMessage} disabled={!canWrite} {...field} />
              )}
            />
            <FormField
              control={form.control}
              name="consent_text"
              label={t('form.fields.consentText')}
              help={t('form.fields.consentHelp')}
              render={(field) => (
                <Textarea rows={3} maxLength={OFFER_LIMITS.consentText} disabled={!canWrite} {...field} />
              )}
            />
            <Checkbox
              className="sm:col-span-2"
              label={t('form.fields.requireApproval')}
              help={t('form.fields.requireApprovalHelp')}
              disabled={!canWrite}
              {...form.register('require_approval')}
            />
            <Field
              label={t('form.fields.status')}
              help={t('form.fields.statusHelp')}
              error={form.formState.errors.status?.message}
            >
              <Select
                value={status}
                disabled={!canWrite}
                onChange={(e) => setStatus(e.target.value as OfferStatus)}
                options={(offer === null
                  ? (['draft', 'active'] as const)
                  : (['draft', 'active', 'archived'] as const)
                ).map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Field>
            <Field
              label={t('form.fields.published')}
              help={
                published && (offer?.status ?? 'draft') !== 'active'
                  ? t('form.fields.publishActivates')
                  : t('form.fields.publishedHelp')
              }
              error={form.formState.errors.is_published?.message}
            >
              <Switch checked={published} onCheckedChange={setPublished} disabled={!canWrite} />
            </Field>
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
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-border bg-background/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
            {dirty && <span className="mr-auto text-sm text-muted-foreground">{t('form.unsaved')}</span>}
            <Button asChild variant="ghost">
              <Link to={backTo}>{t('form.cancel')}</Link>
            </Button>
            <Button type="submit" loading={pending}>
              {offer === null ? t('form.create') : t('form.save')}
            </Button>
          </div>
        )}
      </form>

      {offer !== null && (
        // An offer's captures are assigned and scored like an event's (docs/leads-scoring.md).
        <div className="grid gap-6">
          <EventAssignmentCard eventId={offer.id} kind="offer" canEdit={canWrite} />
          <EventScoringRulesCard eventId={offer.id} kind="offer" formFields={offer.form_fields} canEdit={canWrite} />
        </div>
      )}

      {offer !== null && <OfferLeadsPanel offer={offer} canWrite={canWrite} />}

      <LeaveGuard dirty={dirty} allowNextRef={allowNextRef} />
    </div>
  );
}
