import type { FormField } from '@leadcapture/contracts/form-fields';
import { AlertTriangle, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  onQueueChange,
  readQueue,
  removeEntry,
  resubmitEntry,
  type QueueAction,
  type QueueEntry,
} from '../lib/offline-queue.ts';
import { answerAt, responseFieldId, withAnswer } from '../lib/kept-answers.ts';
import { translateFormMessage, type MessageKey, type Translate } from './i18n.ts';
import { sendKept } from './offline.ts';
import { primaryButtonClass, secondaryButtonClass } from './page-frame.tsx';

/**
 * The fix screen of a capture or offer page (decision 033): a submission kept offline that the
 * server refused when it was sent later (a 4xx, e.g. a 422 for an address it does not take) is
 * set aside, never dropped. Here the visitor, or the staff at the booth's kiosk, sees which
 * answers the server refused, corrects them and sends the entry again (same Idempotency-Key: a
 * 422 stored nothing), or removes it after a confirmation.
 */

const STANDARD = new Set(['first_name', 'last_name', 'company', 'email', 'phone', 'job_title']);

/** The entries of this page that the server refused, kept fresh across tabs and the worker. */
function useRefused(action: Exclude<QueueAction, 'booth'>, slug: string): QueueEntry[] {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  useEffect(() => {
    let live = true;
    const refresh = () => {
      readQueue()
        .then(({ entries: all }) => {
          if (live) setEntries(all.filter((e) => e.action === action && e.scope === slug && e.state === 'needs_fix'));
        })
        .catch(() => {
          // No IndexedDB (a private window): nothing could have been kept either.
        });
    };
    refresh();
    const stop = onQueueChange(refresh);
    return () => {
      live = false;
      stop();
    };
  }, [action, slug]);
  return entries;
}

export function KeptFix({
  action,
  slug,
  fields,
  t,
  onRefused,
}: {
  action: Exclude<QueueAction, 'booth'>;
  slug: string;
  /** The page's custom fields, for the labels of `responses.<id>` errors. */
  fields: readonly FormField[];
  t: Translate;
  /** Told how many of this page's kept entries the server refused, as that changes. */
  onRefused?: (count: number) => void;
}) {
  const refused = useRefused(action, slug);
  useEffect(() => onRefused?.(refused.length), [onRefused, refused.length]);
  if (refused.length === 0) return null;
  const labelOf = (key: string): string => {
    if (STANDARD.has(key)) return t(`field.${key}` as MessageKey);
    const id = responseFieldId(key) ?? key;
    return fields.find((f) => f.id === id)?.label || id;
  };
  return (
    <section
      aria-labelledby="kept-fix-title"
      className="mx-5 mb-6 grid gap-4 rounded-xl bg-warning-soft p-4 text-warning-soft-foreground sm:mx-10"
    >
      <h2 id="kept-fix-title" className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {t('fix.title', { count: refused.length })}
      </h2>
      <p className="text-sm">{t('fix.help')}</p>
      {refused.map((entry) => (
        <FixOne key={entry.id} entry={entry} labelOf={labelOf} t={t} />
      ))}
    </section>
  );
}

function FixOne({ entry, labelOf, t }: { entry: QueueEntry; labelOf: (key: string) => string; t: Translate }) {
  const [body, setBody] = useState<Record<string, unknown>>(entry.data.body);
  const [busy, setBusy] = useState(false);
  const details = entry.problem?.details ?? {};
  const keys = Object.keys(details);
  // A refusal without field errors (the page closed, a limit): its message, and the choice to remove.
  const general = keys.length === 0 ? entry.problem?.message || t('fix.refused') : null;
  return (
    <form
      className="grid gap-3 rounded-lg bg-card p-3 text-card-foreground ring-1 ring-border"
      aria-label={entry.label || t('fix.unnamed')}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void resubmitEntry(entry, body)
          .then(sendKept)
          .finally(() => setBusy(false));
      }}
    >
      <p className="text-base font-medium text-foreground">{entry.label || t('fix.unnamed')}</p>
      {general !== null && (
        <p role="alert" className="text-sm text-destructive">
          {general}
        </p>
      )}
      {keys.map((key) => {
        const id = `fix-${entry.id}-${key}`;
        const value = answerAt(body, key);
        const editable = value === undefined || value === null || typeof value === 'string';
        const messages = (details[key] ?? []).map((m) => translateFormMessage(m, t)).join(' ');
        return (
          <div key={key} className="grid gap-1.5">
            <label htmlFor={id} className="text-sm font-medium text-foreground">
              {labelOf(key)}
            </label>
            {editable ? (
              <input
                id={id}
                type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                aria-invalid="true"
                aria-describedby={`${id}-error`}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setBody((current) => withAnswer(current, key, next));
                }}
                className="h-12 w-full rounded-xl border border-destructive bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--form-ring)"
              />
            ) : null}
            <p id={`${id}-error`} className="text-sm text-destructive">
              {messages}
              {editable ? '' : ` ${t('fix.notEditable')}`}
            </p>
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          <Send aria-hidden="true" className="size-4" />
          {t('fix.send')}
        </button>
        <button
          type="button"
          className={`${secondaryButtonClass} h-12`}
          onClick={() => {
            if (window.confirm(t('fix.removeConfirm'))) void removeEntry(entry.id);
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('fix.remove')}
        </button>
      </div>
    </form>
  );
}
