import type { LeadImport } from '@leadcapture/contracts/lead-imports';
import { FileUp } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { api } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';

const TONES = { queued: 'neutral', processing: 'info', completed: 'success', failed: 'danger' } as const;

/**
 * The Imports tab as it stands before the data centre's own imports: the lead imports of
 * `GET /data/imports/` and the way to start one (the leads list's import dialog).
 */
export function ImportsPanel() {
  const { t, i18n } = useTranslation('data');
  const { lp } = useLocalizedPath();
  const language = i18n.language;
  const imports = useQuery({
    queryKey: ['data', 'imports', 'list'],
    queryFn: ({ signal }) =>
      api.get('/data/imports/', {
        schema: Promise.all([import('@leadcapture/contracts/lead-imports'), import('@leadcapture/contracts/envelope')]).then(
          ([{ leadImportSchema }, { paginated }]) => paginated(leadImportSchema),
        ),
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.results.some((i: LeadImport) => i.status === 'queued' || i.status === 'processing')
        ? 1000
        : false,
  });
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Link to={lp('/leads?import=1')} className={buttonVariants()}>
          <FileUp aria-hidden className="size-4" />
          {t('imports.startLeadImport')}
        </Link>
      </div>
      <QueryState query={imports} errorMessage={t('imports.loadFailed')}>
        {(data) =>
          data.results.length === 0 ? (
            <EmptyState icon={FileUp} title={t('imports.emptyTitle')} description={t('imports.emptyDescription')} />
          ) : (
            <Card className="overflow-x-auto p-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('imports.columns.file')}</TableHead>
                    <TableHead>{t('imports.columns.when')}</TableHead>
                    <TableHead>{t('imports.columns.rows')}</TableHead>
                    <TableHead>{t('imports.columns.result')}</TableHead>
                    <TableHead>{t('imports.columns.status')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.results.map((i) => (
                    <TableRow key={i.id}>
                      <TableCell className="font-medium">{i.file_name}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDate(i.created_at, language, 'PPp')}</TableCell>
                      <TableCell>{formatNumber(i.total_rows, language)}</TableCell>
                      <TableCell className="text-sm">
                        {t('imports.result', {
                          created: i.created,
                          updated: i.updated,
                          skipped: i.skipped,
                          failed: i.failed,
                        })}
                        {i.failure !== '' && <div className="text-xs text-destructive">{i.failure}</div>}
                      </TableCell>
                      <TableCell>
                        <Badge variant={TONES[i.status]}>{t(`imports.status.${i.status}`)}</Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )
        }
      </QueryState>
    </div>
  );
}
