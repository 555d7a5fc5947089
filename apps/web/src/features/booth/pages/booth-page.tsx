import { LEAD_INTERESTS } from '@leadcapture/contracts/constants';
import {
  STANDARD_LEAD_FIELDS,
  validateStandardLeadFields as validateStandard,
} from '@leadcapture/contracts/form-fields';
import { AlertTriangle, ArrowLeft, CloudOff, CloudUpload, Copy, Send } from 'lucide-react';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RecordLoadFailure } from '../../../components/ui/query-state.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { QueueFullError } from '../../../lib/offline-queue.ts';
import { recallEvent, rememberEvent } from '../../../lib/offline-snapshot.ts';
import { recogniseValidationMessage } from '../../../lib/validation-messages.ts';
import { useEvent } from '../../events/api/events.ts';
import { BoothFixEntry, RemoveKeptButton } from '../components/booth-fix.tsx';
import { keepBoothLead, prefillFromQuery, useBoothQueue, type BoothLead } from '../api/booth-queue.ts';

const big = 'h-12 text-base';
const REQUIRED = new Set<string>(STANDARD_LEAD_FIELDS.filter((f) => f.required).map((f) => f.name));

/** The rules of the standard lead fields (contracts), field by field, on the booth's answers. */
function validateStandardLeadFields(lead: BoothLead): Record<string, string[]> {
  return validateStandard({ ...lead, job_title: '' }).errors;
}

/**
 * "Add lead at the booth", /events/:id/booth (issue 27): a phone-first form that keeps each lead on
 * the device first and sends it when it can, so a day without Wi-Fi loses nothing. Shows how many
 * wait, and the ones the server refused, to fix and send again.
 */
export function BoothPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation(['events', 'common', 'errors']);
  const { lp } = useLocalizedPath();
  const event = useEvent(id);
  const queue = useBoothQueue();
  const [lead, setLead] = useState<BoothLead>(() => prefillFromQuery(params));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (event.data) rememberEvent(event.data);
  }, [event.data]);
  // With no network the event as last seen here: its name and slug are all the screen needs.
  // (Paused: the query waits for an `online` event that has not come; no answer: status 0.)
  const unreachable = event.fetchStatus === 'paused' || (isApiError(event.error) && event.error.status === 0);
  const offlineEvent = event.data === undefined && unreachable ? recallEvent(id) : null;
  const shown = event.data ?? offlineEvent;

  if (event.isError && offlineEvent === null) {
    return (
      <RecordLoadFailure
        error={event.error}
        eyebrow={<Link to={lp('/events')}>{t('detail.back')}</Link>}
        notFoundTitle={t('detail.notFound.title')}
        notFoundBody={t('detail.notFound.body')}
        title={t('booth.title')}
        loadFailed={t('detail.loadFailed')}
        listPath={lp('/events')}
        backLabel={t('detail.notFound.back')}
        onRetry={() => void event.refetch()}
      />
    );
  }
  const slug = shown?.slug ?? '';
  const mine = queue.entries.filter((e) => e.scope === slug);
  const waiting = mine.filter((e) => e.state === 'pending').length;
  const toFix = queue.entries.filter((e) => e.state === 'needs_fix');

  const set = (field: keyof BoothLead) => (value: string) => setLead((current) => ({ ...current, [field]: value }));

  async function submit(formEvent: SyntheticEvent) {
    formEvent.preventDefault();
    // The capture route's own checks (required company and e-mail, a valid address), here and
    // now: a lead the server would refuse hours later is corrected while the visitor is still there.
    const found: Record<string, string> = {};
    for (const [field, messages] of Object.entries(validateStandardLeadFields(lead))) {
      const first = messages[0];
      if (first === undefined) continue;
      const known = recogniseValidationMessage(first);
      found[field] = known === null ? first : t(`errors:validation.${known.key}`, known.values);
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || slug === '') return;
    try {
      await keepBoothLead(slug, lead, i18n.language);
      setNotice({ tone: 'success', text: t('booth.saved', { name: `${lead.first_name} ${lead.last_name}`.trim() }) });
      setLead(prefillFromQuery(new URLSearchParams()));
      // Ready for the next visitor, with the notice and the waiting count in view above the form.
      document.querySelector<HTMLInputElement>('#booth-form input')?.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
      queue.sendNow();
    } catch (error) {
      setNotice({
        tone: 'error',
        text: error instanceof QueueFullError ? t('booth.storageFull') : t('booth.storageUnavailable'),
      });
    }
  }

  const text = (
    field: 'first_name' | 'last_name' | 'company' | 'email' | 'phone',
    type: string,
    autoComplete: string,
  ) => (
    <Field label={t(`booth.fields.${field}`)} required={REQUIRED.has(field)} error={problems[field]}>
      <Input
        className={big}
        type={type}
        autoComplete={autoComplete}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        value={lead[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
    </Field>
  );

  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 pb-10">
      <div className="flex items-center justify-between gap-3">
        <Link
          to={lp(`/events/${id}`)}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {shown?.name ?? t('detail.back')}
        </Link>
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('booth.title')}</h1>
      <p
        role="status"
        className="flex min-h-11 items-center gap-2 rounded-xl bg-muted px-4 text-sm font-medium text-foreground"
      >
        {waiting > 0 ? (
          <CloudOff aria-hidden="true" className="size-4" />
        ) : toFix.length > 0 ? (
          <AlertTriangle aria-hidden="true" className="size-4 text-warning" />
        ) : (
          <CloudUpload aria-hidden="true" className="size-4" />
        )}
        {/* "Every lead is sent" only when none waits and none was refused. */}
        {waiting > 0
          ? t('booth.waiting', { count: waiting })
          : toFix.length > 0
            ? t('booth.toFixTitle', { count: toFix.length })
            : t('booth.allSent')}
      </p>
      {queue.unavailable && <FormAlert>{t('booth.storageUnavailable')}</FormAlert>}
      {notice !== null && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <form id="booth-form" noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('first_name', 'text', 'off')}
          {text('last_name', 'text', 'off')}
        </div>
        {text('company', 'text', 'off')}
        {text('email', 'email', 'off')}
        {text('phone', 'tel', 'off')}
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium text-foreground">{t('booth.fields.interest')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {LEAD_INTERESTS.map((interest) => (
              <label
                key={interest}
                className="flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-input text-base font-medium has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  name="interest"
                  className="sr-only"
                  checked={lead.interest === interest}
                  onChange={() => set('interest')(interest)}
                  onClick={() => lead.interest === interest && set('interest')('')}
                />
                {t(`booth.interest.${interest}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={t('booth.fields.note')}>
          <Textarea rows={3} className="text-base" value={lead.note} onChange={(e) => set('note')(e.target.value)} />
        </Field>
        <Button type="submit" size="lg" className="h-14 w-full text-base" disabled={slug === ''}>
          <Send aria-hidden="true" />
          {t('booth.submit')}
        </Button>
      </form>
      {toFix.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t('booth.toFixTitle', { count: toFix.length })}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 pt-4">
            {toFix.map((entry) => (
              <BoothFixEntry
                key={entry.id}
                entry={entry}
                fields={event.data?.form_fields ?? []}
                onDone={queue.sendNow}
              />
            ))}
          </CardContent>
        </Card>
      )}
      {queue.corrupt.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t('booth.corruptTitle', { count: queue.corrupt.length })}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 pt-4">
            <p className="text-sm text-muted-foreground">{t('booth.corruptHelp')}</p>
            {queue.corrupt.map((entry, index) => (
              <div key={index} className="grid gap-2 rounded-lg border border-border p-3">
                <pre className="max-h-32 overflow-auto text-xs whitespace-pre-wrap break-all">
                  {JSON.stringify(entry.raw)}
                </pre>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    onClick={() => void navigator.clipboard.writeText(JSON.stringify(entry.raw))}
                  >
                    <Copy aria-hidden="true" />
                    {t('booth.copy')}
                  </Button>
                  <RemoveKeptButton id={entry.id} />
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
