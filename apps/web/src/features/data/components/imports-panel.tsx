import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataImport } from '@leadcapture/contracts/data-imports';
import {
  DUPLICATE_MODES,
  IMPORT_FIELDS,
  type DuplicateMode,
  type ImportMapping,
} from '@leadcapture/contracts/lead-import-fields';
import type { ImportPreview } from '@leadcapture/contracts/lead-imports';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  downloadImportResults,
  useDataImport,
  useDataImports,
  usePreviewDataImport,
  useStartDataImport,
  useUndoDataImport,
} from '../api/data-imports.ts';

const STATUS_TONE = {
  queued: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
  undone: 'warning',
} as const;

/** The message of a refused upload: the first detail of the envelope, else its message. */
function refusal(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && typeof error.details === 'object' && error.details !== null) {
    const first = Object.entries(error.details as Record<string, unknown>).find(([, v]) => Array.isArray(v));
    if (first) return `${first[0]}: ${String((first[1] as unknown[])[0])}`;
  }
  return error instanceof Error ? error.message : null;
}

/** The import of a file into leads: choose, map, check (dry run), import, follow, undo. */
export function ImportsPanel() {
  const { t } = useTranslation('data-imports');
  const fileId = useId();
  const duplicatesId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [currentId, setCurrentId] = useState<string | null>(null);
  const previewing = usePreviewDataImport();
  const starting = useStartDataImport();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setCurrentId(null);
    starting.reset();
    if (!chosen) return;
    previewing.mutate(chosen, {
      onSuccess: (result) => {
        setPreview(result);
        setMapping(result.mapping);
      },
    });
  };

  const start = (dryRun: boolean) => {
    if (!file) return;
    starting.mutate({ file, mapping, duplicates, dryRun }, { onSuccess: (record) => setCurrentId(record.id) });
  };

  const fieldOptions = [
    { value: '', label: t('mapping.skip') },
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: t(`fields.${field}`) })),
  ];
  const problem = refusal(previewing.error) ?? refusal(starting.error);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('title')}</CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <label htmlFor={fileId} className="text-sm font-medium">
              {t('file.label')}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm"
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
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-2 text-sm font-medium">{t('mapping.title')}</legend>
                {preview.columns.map((column, index) => (
                  <div key={column} className="grid gap-1 sm:grid-cols-[1fr_1fr] sm:items-center sm:gap-4">
                    <div className="min-w-0">
                      <span className="block truncate text-sm font-medium">{column}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {preview.rows[0]?.[index] ?? ''}
                      </span>
                    </div>
                    <Select
                      aria-label={t('mapping.fieldFor', { column })}
                      options={fieldOptions}
                      value={mapping[column] ?? ''}
                      onChange={(e) =>
                        setMapping({
                          ...mapping,
                          [column]: e.target.value === '' ? null : (e.target.value as (typeof IMPORT_FIELDS)[number]),
                        })
                      }
                    />
                  </div>
                ))}
              </fieldset>
              <fieldset className="flex flex-col gap-2">
                <legend id={duplicatesId} className="mb-2 text-sm font-medium">
                  {t('duplicates.title')}
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
                    {t(`duplicates.${mode}`)}
                  </label>
                ))}
              </fieldset>
              <div className="flex flex-wrap gap-3">
                <Button variant="secondary" loading={starting.isPending} onClick={() => start(true)}>
                  {t('actions.dryRun')}
                </Button>
                <Button loading={starting.isPending} onClick={() => start(false)}>
                  {t('actions.import')}
                </Button>
              </div>
            </>
          ) : null}
          {currentId ? <ImportRun id={currentId} /> : null}
        </CardContent>
      </Card>
      <ImportHistory onOpen={setCurrentId} />
    </div>
  );
}

/** One import as it runs and after: progress, counts, errors by row, results, undo. */
function ImportRun({ id }: { id: string }) {
  const { t } = useTranslation('data-imports');
  const { data: record } = useDataImport(id);
  const undo = useUndoDataImport();
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
          {record.failure}
        </p>
      ) : null}
      {record.errors.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left font-medium">{t('errors.title', { count: record.error_count })}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  {t('errors.row')}
                </th>
                <th scope="col" className="pr-3">
                  {t('errors.field')}
                </th>
                <th scope="col">{t('errors.message')}</th>
              </tr>
            </thead>
            <tbody>
              {record.errors.slice(0, 50).map((e) => (
                <tr key={`${e.row}-${e.field}-${e.message}`}>
                  <td className="pr-3 tabular-nums">{e.row}</td>
                  <td className="pr-3">{e.field}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
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

function ImportHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('data-imports');
  const { data, isPending } = useDataImports();
  if (isPending) return null;
  const rows: DataImport[] = data?.results ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <EmptyState title={t('history.empty')} headingLevel={3} />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {rows.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <span className="block truncate text-sm font-medium">{record.file_name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {new Date(record.created_at).toLocaleString(i18n.language)}
                    {record.dry_run ? ` · ${t('history.dryRun')}` : ''}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={STATUS_TONE[record.status]}>{t(`status.${record.status}`)}</Badge>
                  <Button variant="ghost" size="sm" onClick={() => onOpen(record.id)}>
                    {t('history.open')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
