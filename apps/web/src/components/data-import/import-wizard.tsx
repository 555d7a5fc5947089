import type {
  DataImport,
  DataImportMapping,
  DataImportPreview,
  ImportResource,
} from '@leadcapture/contracts/data-imports';
import {
  DUPLICATE_MODES,
  IMPORT_MAX_BYTES,
  IMPORT_SOURCES,
  type DuplicateMode,
  type ImportSource,
} from '@leadcapture/contracts/lead-import-fields';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Progress } from '../ui/progress.tsx';
import { Select } from '../ui/select.tsx';
import {
  downloadImportResults,
  useDataImport,
  usePreviewDataImport,
  useImportTemplates,
  useSaveImportTemplate,
  useStartDataImport,
  useUndoDataImport,
} from './data-import-queries.ts';
import { FIELDS, useFieldLabel } from './import-fields.ts';
import { Field } from '../ui/field.tsx';
import { FilePicker } from '../ui/file-picker.tsx';
import { ImportRowErrors } from './import-row-errors.tsx';
import { useJobFailureText } from './job-failure.ts';

export const STATUS_TONE = {
  queued: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
  undone: 'warning',
} as const;

/** Is the mapping enough to tell one record from another (the server checks it too)? */
function identifies(resource: ImportResource, mapping: DataImportMapping): boolean {
  const fields = new Set(Object.values(mapping));
  if (resource === 'clients') return fields.has('company_name');
  return ['email', 'first_name', 'last_name', 'full_name'].some((f) => fields.has(f));
}

/** The message of a refused upload: the first detail of the envelope, else its message. */
function refusal(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && typeof error.details === 'object' && error.details !== null) {
    const first = Object.entries(error.details as Record<string, unknown>).find(([, v]) => Array.isArray(v));
    if (first) return `${first[0]}: ${String((first[1] as unknown[])[0])}`;
  }
  return error instanceof Error ? error.message : null;
}

export type ImportWizardProps = {
  /** A fixed resource (leads list, clients list); without it the user chooses (data centre). */
  resource?: ImportResource;
  /** Leads only: the events an import may file its leads under. */
  events?: { value: string; label: string }[];
  /** Told of each import started, so a page can show it elsewhere too. */
  onStarted?: (record: DataImport) => void;
  /** Shown import (e.g. opened from a history); the wizard follows the last one it started otherwise. */
  currentId?: string | null;
};

/**
 * The one import of a file (issue 26): choose a file → map its columns (or apply a saved mapping,
 * or save this one) → choose what to do with known records → dry run with its row errors → run,
 * follow, download the results, undo. Used by the data centre, the leads list and the clients list.
 */
export function ImportWizard({ resource: fixed, events, onStarted, currentId }: ImportWizardProps) {
  const { t } = useTranslation(['data-imports', 'common']);
  const ids = { file: useId(), duplicates: useId() };
  const [chosenResource, setChosenResource] = useState<ImportResource>('leads');
  const resource = fixed ?? chosenResource;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DataImportPreview | null>(null);
  const [mapping, setMapping] = useState<DataImportMapping>({});
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [event, setEvent] = useState('');
  const [source, setSource] = useState<ImportSource>('import');
  const [templateName, setTemplateName] = useState('');
  const [startedId, setStartedId] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const previewing = usePreviewDataImport();
  const starting = useStartDataImport();
  const templates = useImportTemplates(resource);
  const saving = useSaveImportTemplate();
  const shownId = currentId ?? startedId;
  const fieldLabel = useFieldLabel(resource);

  /** The server reads the file's header and guesses its mapping onto the resource's fields. */
  const read = (chosen: File, into: ImportResource) =>
    previewing.mutate(
      { file: chosen, resource: into },
      {
        onSuccess: (result) => {
          setPreview(result);
          setMapping({ ...result.mapping });
        },
      },
    );

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setStartedId(null);
    setTooLarge(false);
    starting.reset();
    if (!chosen) return;
    // The server decides by content; the size is checked here too so a large file is not sent in vain.
    if (chosen.size > IMPORT_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    read(chosen, resource);
  };

  const changeResource = (next: ImportResource) => {
    setChosenResource(next);
    // Another resource has other fields: its guess comes from the server too.
    if (file && !tooLarge) {
      setPreview(null);
      read(file, next);
    }
  };

  const chooseField = (column: string, value: string) =>
    setMapping((current) => {
      const field = value === '' ? null : value;
      // A field takes one column: choosing it here frees it elsewhere.
      const next = Object.fromEntries(
        Object.entries(current).map(([c, f]) => [c, field !== null && f === field ? null : f]),
      );
      next[column] = field;
      return next;
    });

  const applyTemplate = (id: string) => {
    const template = templates.data?.find((x) => x.id === id);
    if (!template?.mapping || !preview) return;
    const saved = template.mapping;
    setMapping(Object.fromEntries(preview.columns.map((column) => [column, saved[column] ?? null])));
  };

  const start = (dryRun: boolean) => {
    if (!file) return;
    starting.mutate(
      {
        file,
        resource,
        mapping,
        duplicates,
        dryRun,
        ...(resource === 'leads' ? { event: event === '' ? null : event, source } : {}),
      },
      {
        onSuccess: (record) => {
          setStartedId(record.id);
          onStarted?.(record);
        },
      },
    );
  };

  const fieldOptions = [
    { value: '', label: t('mapping.skip') },
    ...FIELDS[resource].map((field) => ({ value: field, label: fieldLabel(field) })),
  ];
  const problem = tooLarge ? t('file.tooLarge') : (refusal(previewing.error) ?? refusal(starting.error));
  const identified = identifies(resource, mapping);
  const savedTemplates = (templates.data ?? []).filter((x) => x.mapping !== null);

  return (
    <div className="flex flex-col gap-5">
      {fixed ? null : (
        <Field label={t('resource.label')}>
          <Select
            value={resource}
            onChange={(e) => changeResource(e.target.value === 'clients' ? 'clients' : 'leads')}
            options={(['leads', 'clients'] as const).map((r) => ({ value: r, label: t(`resource.${r}`) }))}
          />
        </Field>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.file} className="text-sm font-medium">
          {t('file.label')}
        </label>
        <FilePicker
          id={ids.file}
          fileName={file?.name ?? null}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <p className="text-sm text-muted-foreground">{t('file.hint')}</p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <>
          {savedTemplates.length > 0 ? (
            <Field label={t('templates.apply')}>
              <Select
                value=""
                placeholder={t('templates.choose')}
                options={savedTemplates.map((x) => ({ value: x.id, label: x.name }))}
                onChange={(e) => applyTemplate(e.target.value)}
              />
            </Field>
          ) : null}
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t('mapping.title')}</legend>
            {preview.columns.map((column, index) => (
              <div key={column} className="grid gap-1 sm:grid-cols-[1fr_1fr] sm:items-center sm:gap-4">
                <div className="min-w-0">
                  <span className="block truncate text-sm font-medium">{column}</span>
                  <span className="block truncate text-xs text-muted-foreground">{preview.rows[0]?.[index] ?? ''}</span>
                </div>
                <Select
                  aria-label={t('mapping.fieldFor', { column })}
                  options={fieldOptions}
                  value={mapping[column] ?? ''}
                  onChange={(e) => chooseField(column, e.target.value)}
                />
              </div>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-end gap-2">
            <Field label={t('templates.name')} className="min-w-48 flex-1">
              <Input value={templateName} maxLength={120} onChange={(e) => setTemplateName(e.target.value)} />
            </Field>
            <Button
              variant="secondary"
              disabled={templateName.trim() === ''}
              loading={saving.isPending}
              onClick={() =>
                saving.mutate(
                  { resource, name: templateName.trim(), mapping },
                  { onSuccess: () => setTemplateName('') },
                )
              }
            >
              {t('templates.save')}
            </Button>
          </div>
          {saving.isSuccess ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t('templates.saved')}
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t(`duplicates.title_${resource}`)}</legend>
            {DUPLICATE_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={ids.duplicates}
                  value={mode}
                  checked={duplicates === mode}
                  onChange={() => setDuplicates(mode)}
                />
                {t(`duplicates.${mode}_${resource}`)}
              </label>
            ))}
          </fieldset>
          {resource === 'leads' ? (
            <div className="grid items-start gap-4 sm:grid-cols-2">
              {events ? (
                <Field label={t('event.label')}>
                  <Select
                    value={event}
                    placeholder={t('event.none')}
                    options={events}
                    onChange={(e) => setEvent(e.target.value)}
                  />
                </Field>
              ) : null}
              <Field label={t('source.label')}>
                <Select
                  value={source}
                  options={IMPORT_SOURCES.map((s) => ({ value: s, label: t(`common:leadSource.${s}`) }))}
                  onChange={(e) => setSource(IMPORT_SOURCES.find((s) => s === e.target.value) ?? 'import')}
                />
              </Field>
            </div>
          ) : null}
          {identified ? null : (
            <p role="alert" className="text-sm text-destructive">
              {t(`mapping.identity_${resource}`)}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" disabled={!identified} loading={starting.isPending} onClick={() => start(true)}>
              {t('actions.dryRun')}
            </Button>
            <Button disabled={!identified} loading={starting.isPending} onClick={() => start(false)}>
              {t('actions.import')}
            </Button>
          </div>
        </>
      ) : null}
      {shownId ? <ImportRun id={shownId} /> : null}
    </div>
  );
}

/** One import as it runs and after: progress, counts, errors by row, results, undo. */
export function ImportRun({ id }: { id: string }) {
  const { t } = useTranslation('data-imports');
  const failureText = useJobFailureText();
  const client = useQueryClient();
  const { data: record } = useDataImport(id);
  const undo = useUndoDataImport();
  const ended = record?.status === 'completed' || record?.status === 'failed';
  const resource = record?.resource;

  useEffect(() => {
    // The new records belong in every list on screen once the import has ended.
    if (ended && resource) void client.invalidateQueries({ queryKey: [resource] });
  }, [ended, resource, client]);

  if (!record) return null;
  const { done, total } = record.progress;
  const percent = total > 0 ? (done / total) * 100 : 0;
  return (
    <section aria-label={t('run.label')} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold">{record.dry_run ? t('run.dryRunTitle') : t('run.title')}</h3>
        <Badge variant={STATUS_TONE[record.status]}>{t(`status.${record.status}`)}</Badge>
      </div>
      <Progress value={percent} label={t('run.progress', { done, total })} />
      <p className="text-sm text-muted-foreground">{t('run.progress', { done, total })}</p>
      <p className="text-sm">
        {t(record.dry_run ? 'run.wouldCounts' : 'run.counts', {
          created: record.created,
          updated: record.updated,
          skipped: record.skipped,
          failed: record.failed,
        })}
      </p>
      {record.failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failureText(record.failure)}
        </p>
      ) : null}
      <ImportRowErrors record={record} />
      <div className="flex flex-wrap gap-3">
        {record.status === 'completed' || record.status === 'undone' ? (
          <Button variant="secondary" onClick={() => void downloadImportResults(record.id)}>
            {t('actions.results')}
          </Button>
        ) : null}
        {record.undo_until ? (
          <Button variant="destructive" loading={undo.isPending} onClick={() => undo.mutate(record.id)}>
            {t('actions.undo')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
