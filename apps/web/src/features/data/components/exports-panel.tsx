import { DATA_RESOURCES, type ExportFilters } from '@leadcapture/contracts/data-exports';
import { Download, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobFailureText } from '../../../components/data-import/job-failure.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { EXPORTS_PAGE_SIZE, isRunning, useExportList } from '../api/data-exports.ts';
import { describeFilters, ExportDialog } from './export-dialog.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

const TONES = { queued: 'neutral', running: 'info', done: 'success', failed: 'danger' } as const;

/** 1.2 MB, 340 kB: a file's size as people read it. */
function formatSize(bytes: number, language: string): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), language, { maximumFractionDigits: 1 })} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language)} kB`;
}

/** The list's filters handed over in the address (`?export=leads&filters={…}`), when valid JSON. */
function filtersParam(value: string | null): ExportFilters {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ExportFilters) : {};
  } catch {
    return {};
  }
}

/** The Exports tab: the history with progress, downloads and failures, and the export dialog. */
export function ExportsPanel() {
  const { t, i18n } = useTranslation('data');
  const failureText = useJobFailureText();
  const [params, setParams] = useAddressParams();
  const asked = params.get('export');
  const askedResource = DATA_RESOURCES.find((r) => r === asked);
  const [open, setOpen] = useState(askedResource !== undefined);
  const [page, setPage] = useState(1);
  const list = useExportList(page);
  const language = i18n.language;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next && asked !== null) {
      // The list's hand-over is used once: a reload does not open the dialog again.
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          rest.delete('export');
          rest.delete('filters');
          return rest;
        },
        { replace: true },
      );
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setOpen(true)}>
          <FileDown aria-hidden className="size-4" />
          {t('exports.new')}
        </Button>
      </div>
      <QueryState query={list} errorMessage={t('exports.loadFailed')}>
        {(data) =>
          data.results.length === 0 ? (
            <EmptyState icon={FileDown} title={t('exports.emptyTitle')} description={t('exports.emptyDescription')} />
          ) : (
            <Card className="overflow-x-auto p-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('exports.columns.what')}</TableHead>
                    <TableHead>{t('exports.columns.who')}</TableHead>
                    <TableHead>{t('exports.columns.when')}</TableHead>
                    <TableHead>{t('exports.columns.rows')}</TableHead>
                    <TableHead>{t('exports.columns.size')}</TableHead>
                    <TableHead>{t('exports.columns.status')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.results.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell>
                        <div className="font-medium">
                          {t(`resources.${e.resource}`)} · {t(`formats.${e.format}`)}
                          {e.for_reimport && ` · ${t('exports.forReimport')}`}
                        </div>
                        <div className="text-xs text-muted-foreground">
                          {Object.keys(e.filters).length > 0
                            ? t('exports.filtered', { filters: describeFilters(e.filters) })
                            : t('exports.allRows')}
                        </div>
                      </TableCell>
                      <TableCell>{e.created_by?.name || e.created_by?.email || '—'}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDate(e.created_at, language, 'PPp')}</TableCell>
                      <TableCell>
                        {formatNumber(e.status === 'done' ? e.row_count : e.progress.total, language)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {e.status === 'done' ? formatSize(e.size, language) : '—'}
                      </TableCell>
                      <TableCell className="min-w-48">
                        <div className="grid gap-1.5">
                          <div>
                            <Badge variant={TONES[e.status]}>{t(`status.${e.status}`)}</Badge>
                          </div>
                          {isRunning(e) && (
                            <>
                              <Progress
                                value={e.progress.total === 0 ? 0 : (100 * e.progress.done) / e.progress.total}
                                label={t('exports.progressLabel')}
                              />
                              <span className="text-xs text-muted-foreground">
                                {t('exports.progress', {
                                  done: formatNumber(e.progress.done, language),
                                  total: formatNumber(e.progress.total, language),
                                })}
                              </span>
                            </>
                          )}
                          {e.status === 'failed' && (
                            <span className="text-xs text-destructive">{failureText(e.failure)}</span>
                          )}
                          {e.status === 'done' &&
                            (e.download_url ? (
                              <a
                                href={e.download_url}
                                download={e.file_name}
                                className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                              >
                                <Download aria-hidden className="size-4" />
                                {t('exports.download')}
                                <span className="sr-only"> {e.file_name}</span>
                              </a>
                            ) : (
                              <span className="text-xs text-muted-foreground">{t('exports.expired')}</span>
                            ))}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )
        }
      </QueryState>
      {list.data && list.data.count > EXPORTS_PAGE_SIZE && (
        <Pagination
          label={t('exports.pagesLabel')}
          summary={t('exports.pageSummary', { page, pages: Math.ceil(list.data.count / EXPORTS_PAGE_SIZE) })}
          page={page}
          pages={Math.ceil(list.data.count / EXPORTS_PAGE_SIZE)}
          onPage={setPage}
        />
      )}
      {open && (
        <ExportDialog
          open={open}
          onOpenChange={close}
          initialResource={askedResource ?? 'leads'}
          filters={askedResource ? filtersParam(params.get('filters')) : {}}
        />
      )}
    </div>
  );
}
