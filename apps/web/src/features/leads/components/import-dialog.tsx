import {
  DUPLICATE_MODES,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_SOURCES,
  mappingIdentifiesLeads,
  type DuplicateMode,
  type ImportField,
  type ImportMapping,
  type ImportSource,
} from '@leadcapture/contracts/lead-import-fields';
import type { ImportPreview, LeadImport } from '@leadcapture/contracts/lead-imports';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, TriangleAlert, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useValidationMessage } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useEventChoices } from '../../events/api/events.ts';
import { downloadImportTemplate, useImportProgress, usePreviewImport, useStartImport } from '../api/lead-data.ts';
import { leadListsQueryKey } from '../api/leads.ts';

/** Errors listed in the summary; the count says how many more there are. */
const ERRORS_SHOWN = 100;
const SAMPLE_ROWS = 3;

type Step = { name: 'choose' } | { name: 'map'; file: File; preview: ImportPreview } | { name: 'run'; id: string };

type UploadFailure = 'tooLarge' | 'forbidden' | 'noIdentity' | 'badEvent' | 'badFile' | 'failed';

/** The catalogue's wording for a failed upload, by the answer's status. */
function uploadFailureKey(error: unknown): `data.import.errors.${UploadFailure}` {
  if (!isApiError(error)) return 'data.import.errors.failed';
  if (error.status === 413) return 'data.import.errors.tooLarge';
  if (error.status === 403) return 'data.import.errors.forbidden';
  if (error.status === 422) {
    const details = error.details as Record<string, unknown> | undefined;
    if (details && 'mapping' in details) return 'data.import.errors.noIdentity';
    if (details && 'event' in details) return 'data.import.errors.badEvent';
    return 'data.import.errors.badFile';
  }
  return 'data.import.errors.failed';
}

/**
 * Import leads from a CSV (issue 5): choose or drop a file → check the columns' mapping (as the
 * server detected it, changeable per column), what to do with known emails, and the event and
 * source the new leads get → follow the
 * import as it runs in the background → its summary, with the errors by row and field.
 */
export function ImportDialog() {
  const { t } = useTranslation('leads');
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setStep({ name: 'choose' });
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t('data.import.button')}
      </Button>
      <Modal open={open} onOpenChange={close} title={t('data.import.title')} size="2xl">
        {step.name === 'choose' && (
          <ChooseFile onPreview={(file, preview) => setStep({ name: 'map', file, preview })} />
        )}
        {step.name === 'map' && (
          <MapColumns
            file={step.file}
            preview={step.preview}
            onBack={() => setStep({ name: 'choose' })}
            onStarted={(record) => setStep({ name: 'run', id: record.id })}
          />
        )}
        {step.name === 'run' && <ImportRun id={step.id} onDone={() => close(false)} />}
      </Modal>
    </>
  );
}

function ChooseFile({ onPreview }: { onPreview: (file: File, preview: ImportPreview) => void }) {
  const { t } = useTranslation('leads');
  const preview = usePreviewImport();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    // The server decides by content; the size is checked here too so a large file is not sent in vain.
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(t('data.import.errors.tooLarge'));
      return;
    }
    preview.mutate(file, {
      onSuccess: (answer) => onPreview(file, answer),
      onError: (error) => {
        if (!isHandledGlobally(error)) setProblem(t(uploadFailureKey(error)));
      },
    });
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
        className={cn(
          'grid place-items-center gap-3 rounded-xl border-2 border-dashed border-border p-8 text-center',
          dragging && 'border-primary bg-primary-soft',
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">{t('data.import.dropHint')}</p>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label={t('data.import.chooseFile')}
          onChange={(event) => take(event.target.files?.[0])}
        />
        <Button variant="secondary" loading={preview.isPending} onClick={() => input.current?.click()}>
          {t('data.import.chooseFile')}
        </Button>
      </div>
      {problem !== null && (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {t('data.import.templateHint')}{' '}
        <Button variant="link" onClick={() => void downloadImportTemplate()}>
          {t('data.import.template')}
        </Button>
      </p>
    </div>
  );
}

function MapColumns({
  file,
  preview,
  onBack,
  onStarted,
}: {
  file: File;
  preview: ImportPreview;
  onBack: () => void;
  onStarted: (record: LeadImport) => void;
}) {
  const { t } = useTranslation(['leads', 'common']);
  const start = useStartImport();
  const events = useEventChoices();
  const duplicatesId = useId();
  const [mapping, setMapping] = useState<ImportMapping>(preview.mapping);
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [event, setEvent] = useState('');
  const [source, setSource] = useState<ImportSource>('import');
  const [problem, setProblem] = useState<string | null>(null);
  const identified = mappingIdentifiesLeads(mapping);
  const options = [
    { value: '', label: t('data.import.skipColumn') },
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: t(`data.importFields.${field}`) })),
  ];

  const choose = (column: string, value: string) =>
    setMapping((current) => {
      const field = value === '' ? null : (value as ImportField);
      // A field takes one column: choosing it here frees it elsewhere.
      const next: ImportMapping = Object.fromEntries(
        Object.entries(current).map(([c, f]) => [c, field !== null && f === field ? null : f]),
      );
      next[column] = field;
      return next;
    });

  const submit = () => {
    setProblem(null);
    start.mutate(
      { file, mapping, duplicates, event: event === '' ? null : event, source },
      {
        onSuccess: onStarted,
        onError: (error) => {
          if (!isHandledGlobally(error)) setProblem(t(uploadFailureKey(error)));
        },
      },
    );
  };

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">{t('data.import.mapHint', { file: file.name })}</p>
      <div className="max-h-80 overflow-auto rounded-lg ring-1 ring-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('data.import.column')}
              </th>
              {/* On a phone the samples give way to the field choice. */}
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                {t('data.import.sample')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('data.import.field')}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.columns.map((column, index) => (
              <tr key={column} className="border-t border-border">
                <th scope="row" className="px-3 py-2 font-medium">
                  {column}
                </th>
                <td className="hidden max-w-48 truncate px-3 py-2 text-muted-foreground sm:table-cell">
                  {preview.rows
                    .slice(0, SAMPLE_ROWS)
                    .map((row) => row[index] ?? '')
                    .filter((v) => v !== '')
                    .join(', ')}
                </td>
                <td className="px-3 py-2">
                  <Select
                    aria-label={t('data.import.fieldFor', { column })}
                    options={options}
                    value={mapping[column] ?? ''}
                    onChange={(event) => choose(column, event.target.value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="grid gap-2">
        <legend id={duplicatesId} className="text-sm font-medium">
          {t('data.import.duplicates')}
        </legend>
        {DUPLICATE_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={duplicatesId}
              value={mode}
              checked={duplicates === mode}
              onChange={() => setDuplicates(mode)}
            />
            {t(`data.import.duplicateModes.${mode}`)}
          </label>
        ))}
      </fieldset>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label={t('data.import.event')} help={t('data.import.eventHelp')}>
          <Select
            value={event}
            onChange={(e) => setEvent(e.target.value)}
            placeholder={t('data.import.noEvent')}
            options={events}
          />
        </Field>
        <Field label={t('data.import.source')} help={t('data.import.sourceHelp')}>
          <Select
            value={source}
            onChange={(e) => setSource(IMPORT_SOURCES.find((s) => s === e.target.value) ?? 'import')}
            options={IMPORT_SOURCES.map((s) => ({ value: s, label: t(`common:leadSource.${s}`) }))}
          />
        </Field>
      </div>
      {!identified && (
        <p role="alert" className="text-sm text-destructive">
          {t('data.import.errors.noIdentity')}
        </p>
      )}
      {problem !== null && (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t('data.import.back')}
        </Button>
        <Button onClick={submit} disabled={!identified} loading={start.isPending}>
          {t('data.import.start')}
        </Button>
      </div>
    </div>
  );
}

function ImportRun({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation('leads');
  const queryClient = useQueryClient();
  const progress = useImportProgress(id);
  const done = progress.data?.status === 'completed' || progress.data?.status === 'failed';

  useEffect(() => {
    // The new leads belong in every list on screen once the import has ended.
    if (done) void queryClient.invalidateQueries({ queryKey: leadListsQueryKey });
  }, [done, queryClient]);

  return (
    <QueryState
      query={progress}
      compact
      errorMessage={t('data.import.errors.progressFailed')}
      loading={<ImportProgress record={undefined} />}
    >
      {(run) =>
        run.status === 'completed' || run.status === 'failed' ? (
          <ImportSummary record={run} onDone={onDone} />
        ) : (
          <ImportProgress record={run} />
        )
      }
    </QueryState>
  );
}

/** An import queued or running: how far it is, and that it goes on with the dialog closed. */
function ImportProgress({ record }: { record: LeadImport | undefined }) {
  const { t, i18n } = useTranslation('leads');
  const n = (value: number) => formatNumber(value, i18n.language);
  const processed = record?.processed_rows ?? 0;
  const total = record?.total_rows ?? 0;
  return (
    <div className="grid gap-3" role="status">
      <p className="text-sm">
        {total > 0 ? t('data.import.progress', { processed: n(processed), total: n(total) }) : t('data.import.queued')}
      </p>
      <Progress value={total > 0 ? (processed / total) * 100 : 0} label={t('data.import.progressLabel')} />
      <p className="text-xs text-muted-foreground">{t('data.import.background')}</p>
    </div>
  );
}

/** A finished import: completed or failed, its counts and the rows it could not take. */
function ImportSummary({ record, onDone }: { record: LeadImport; onDone: () => void }) {
  const { t, i18n } = useTranslation('leads');
  const n = (value: number) => formatNumber(value, i18n.language);
  const counts = [
    ['created', record.created],
    ['updated', record.updated],
    ['skipped', record.skipped],
    ['failed', record.failed],
  ] as const;
  return (
    <div className="grid gap-4">
      {record.status === 'completed' ? (
        <p className="flex items-center gap-2 text-sm font-medium">
          <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
          {t('data.import.completed')}
        </p>
      ) : (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          {t('data.import.failedRun')}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-lg bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{t(`data.import.counts.${key}`)}</dt>
            <dd className="text-lg font-semibold">{n(value)}</dd>
          </div>
        ))}
      </dl>
      {record.errors.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{t('data.import.errorsTitle', { count: record.error_count })}</h3>
          <div className="max-h-64 overflow-auto rounded-lg ring-1 ring-border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('data.import.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('data.import.field')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('data.import.message')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {record.errors.slice(0, ERRORS_SHOWN).map((error, i) => (
                  <tr key={`${error.row}-${error.field}-${i}`} className="border-t border-border">
                    <td className="px-3 py-2">{error.row}</td>
                    <td className="px-3 py-2">
                      {(IMPORT_FIELDS as readonly string[]).includes(error.field)
                        ? t(`data.importFields.${error.field as ImportField}`)
                        : error.field}
                    </td>
                    <td className="px-3 py-2">
                      <RowMessage message={error.message} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {record.error_count > Math.min(ERRORS_SHOWN, record.errors.length) && (
            <p className="text-xs text-muted-foreground">
              {t('data.import.moreErrors', {
                count: record.error_count - Math.min(ERRORS_SHOWN, record.errors.length),
              })}
            </p>
          )}
        </div>
      )}
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('data.import.close')}</Button>
      </div>
    </div>
  );
}

/** A row's error in the page's language: the contract's messages are recognised and translated. */
function RowMessage({ message }: { message: string }) {
  return <>{useValidationMessage(message)}</>;
}
