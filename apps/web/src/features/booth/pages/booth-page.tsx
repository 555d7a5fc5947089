import { LEAD_INTERESTS } from '@leadcapture/contracts/constants';
import { AlertTriangle, ArrowLeft, CloudOff, CloudUpload, Copy, Send, Trash2 } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
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
import { QueueFullError, removeEntry, resubmitEntry, type QueueEntry } from '../../../lib/offline-queue.ts';
import { useEvent } from '../../events/api/events.ts';
import { keepBoothLead, prefillFromQuery, useBoothQueue, type BoothLead } from '../api/booth-queue.ts';

const big = 'h-12 text-base';

/**
 * "Add lead at the booth", /events/:id/booth (issue 27): a phone-first form that keeps each lead on
 * the device first and sends it when it can, so a day without Wi-Fi loses nothing. Shows how many
 * wait, and the ones the server refused, to fix and send again.
 */
export function BoothPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation(['events', 'common']);
  const { lp } = useLocalizedPath();
  const event = useEvent(id);
  const queue = useBoothQueue();
  const [lead, setLead] = useState<BoothLead>(() => prefillFromQuery(params));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());

  if (event.isError) {
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
  const slug = event.data?.slug ?? '';
  const mine = queue.entries.filter((e) => e.scope === slug);
  const waiting = mine.filter((e) => e.state === 'pending').length;
  const toFix = queue.entries.filter((e) => e.state === 'needs_fix');

  const set = (field: keyof BoothLead) => (value: string) => setLead((current) => ({ ...current, [field]: value }));

  async function submit(formEvent: SyntheticEvent) {
    formEvent.preventDefault();
    const empty = new Set(['first_name', 'last_name'].filter((f) => lead[f as keyof BoothLead].trim() === ''));
    setMissing(empty);
    if (empty.size > 0 || slug === '') return;
    try {
      await keepBoothLead(slug, lead, i18n.language);
      setNotice({ tone: 'success', text: t('booth.saved', { name: `${lead.first_name} ${lead.last_name}`.trim() }) });
      setLead(prefillFromQuery(new URLSearchParams()));
      document.querySelector<HTMLInputElement>('#booth-form input')?.focus();
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
    <Field
      label={t(`booth.fields.${field}`)}
      required={field === 'first_name' || field === 'last_name'}
      error={missing.has(field) ? t('booth.required') : undefined}
    >
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
          {event.data?.name ?? t('detail.back')}
        </Link>
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('booth.title')}</h1>
      <p
        role="status"
        className="flex min-h-11 items-center gap-2 rounded-xl bg-muted px-4 text-sm font-medium text-foreground"
      >
        {waiting > 0 ? (
          <CloudOff aria-hidden="true" className="size-4" />
        ) : (
          <CloudUpload aria-hidden="true" className="size-4" />
        )}
        {waiting > 0 ? t('booth.waiting', { count: waiting }) : t('booth.allSent')}
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
              <FixEntry key={entry.id} entry={entry} onDone={queue.sendNow} />
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
                  <Button
                    variant="outline"
                    onClick={() => window.confirm(t('booth.removeConfirm')) && void removeEntry(entry.id)}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('booth.remove')}
                  </Button>
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

const FIXABLE = ['first_name', 'last_name', 'company', 'email', 'phone'] as const;

/** A lead the server refused: its answers with the server's messages, to correct and send again. */
function FixEntry({ entry, onDone }: { entry: QueueEntry; onDone: () => void }) {
  const { t } = useTranslation('events');
  const [body, setBody] = useState<Record<string, unknown>>(entry.data.body);
  const problem = entry.problem;
  const general = problem && Object.keys(problem.details).length === 0 ? problem.message || t('booth.refused') : null;
  return (
    <form
      className="grid gap-3 rounded-lg border border-warning/50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void resubmitEntry(entry, body).then(onDone);
      }}
    >
      <p className="flex items-center gap-2 text-sm font-medium text-foreground">
        <AlertTriangle aria-hidden="true" className="size-4 text-warning" />
        {entry.label || t('booth.unnamed')}
      </p>
      {general !== null && <FormAlert>{general}</FormAlert>}
      {FIXABLE.map((field) => (
        <Field key={field} label={t(`booth.fields.${field}`)} error={problem?.details[field]?.join(' ')}>
          <Input
            className={big}
            value={typeof body[field] === 'string' ? body[field] : ''}
            onChange={(e) => setBody((current) => ({ ...current, [field]: e.target.value }))}
          />
        </Field>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Send aria-hidden="true" />
          {t('booth.sendAgain')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => window.confirm(t('booth.removeConfirm')) && void removeEntry(entry.id)}
        >
          <Trash2 aria-hidden="true" />
          {t('booth.remove')}
        </Button>
      </div>
    </form>
  );
}
