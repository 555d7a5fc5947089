import type { FormField } from '@leadcapture/contracts/form-fields';
import { AlertTriangle, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { answerAt, responseFieldId, withAnswer } from '../../../lib/kept-answers.ts';
import { removeEntry, resubmitEntry, type QueueEntry } from '../../../lib/offline-queue.ts';
import { recogniseValidationMessage } from '../../../lib/validation-messages.ts';

const FIXABLE = ['first_name', 'last_name', 'company', 'email', 'phone'] as const;
const isFixable = (key: string) => (FIXABLE as readonly string[]).includes(key);

/**
 * A booth lead the server refused: its answers with the server's messages in the user's language,
 * to correct and send again (same Idempotency-Key: a 422 stored nothing). A question of the
 * event's form the server asked for (`responses.<id>`: the team made it required after the lead
 * was kept) gets a field of its own, labelled as in the form.
 */
export function BoothFixEntry({
  entry,
  fields,
  onDone,
}: {
  entry: QueueEntry;
  /** The event's form fields, for the labels of `responses.<id>` errors. */
  fields: readonly FormField[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['events', 'errors']);
  const [body, setBody] = useState<Record<string, unknown>>(entry.data.body);
  const details = entry.problem?.details ?? {};
  const questions = Object.keys(details).filter((key) => !isFixable(key));
  const general =
    entry.problem && Object.keys(details).length === 0 ? entry.problem.message || t('booth.refused') : null;
  const messageOf = (key: string): string | undefined =>
    details[key]
      ?.map((message) => {
        const known = recogniseValidationMessage(message);
        return known === null ? message : t(`errors:validation.${known.key}`, known.values);
      })
      .join(' ');
  const labelOf = (key: string): string => {
    const id = responseFieldId(key);
    return fields.find((field) => field.id === id)?.label || id || key;
  };
  const input = (key: string, label: string) => {
    const value = answerAt(body, key);
    return (
      <Field key={key} label={label} error={messageOf(key)}>
        <Input
          className="h-12 text-base"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => {
            const next = e.target.value;
            setBody((current) => withAnswer(current, key, next));
          }}
        />
      </Field>
    );
  };
  return (
    <form
      className="grid gap-3 rounded-lg border border-warning/50 p-3"
      aria-label={entry.label || t('booth.unnamed')}
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
      {FIXABLE.map((field) => input(field, t(`booth.fields.${field}`)))}
      {questions.map((key) => input(key, labelOf(key)))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Send aria-hidden="true" />
          {t('booth.sendAgain')}
        </Button>
        <RemoveKeptButton id={entry.id} />
      </div>
    </form>
  );
}

/** Removes a kept lead from the device after a confirmation: the fix card's and the sent list's. */
export function RemoveKeptButton({ id }: { id: IDBValidKey }) {
  const { t } = useTranslation('events');
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => window.confirm(t('booth.removeConfirm')) && void removeEntry(id)}
    >
      <Trash2 aria-hidden="true" />
      {t('booth.remove')}
    </Button>
  );
}
