import { useTranslation } from 'react-i18next';
import { useJobFailureText } from '../../../components/data-import/job-failure.ts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useBulkJobs } from '../api/data-bulk.ts';

const STATUS_TONE = { queued: 'neutral', running: 'info', done: 'success', failed: 'danger' } as const;

/** The bulk centre's jobs: what each did, over how many records, with progress while it runs. */
export function BulkPanel() {
  const { t, i18n } = useTranslation('data-imports');
  const failureText = useJobFailureText();
  const { lp } = useLocalizedPath();
  const { data, isPending } = useBulkJobs();
  if (isPending) return null;
  const jobs = data?.results ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bulk.title')}</CardTitle>
        <CardDescription>{t('bulk.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.length === 0 ? (
          <EmptyState
            title={t('bulk.empty')}
            description={t('bulk.startHint')}
            headingLevel={3}
            action={
              <Link className="text-sm font-medium text-primary underline-offset-4 hover:underline" to={lp('/leads')}>
                {t('bulk.openLeads')}
              </Link>
            }
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {jobs.map((job) => {
              const { done, total } = job.progress;
              return (
                <li key={job.id} className="flex flex-col gap-2 py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-medium">{t(`bulk.actions.${job.action}`)}</span>
                    <Badge variant={STATUS_TONE[job.status]}>{t(`bulk.status.${job.status}`)}</Badge>
                  </div>
                  <Progress value={total > 0 ? (done / total) * 100 : 0} label={t('run.progress', { done, total })} />
                  <span className="text-xs text-muted-foreground">
                    {t('bulk.summary', { done, total, changed: job.changed })} ·{' '}
                    {new Date(job.created_at).toLocaleString(i18n.language)}
                  </span>
                  {job.failure ? <span className="text-sm text-destructive">{failureText(job.failure)}</span> : null}
                  <Link
                    className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
                    to={lp(job.action === 'restore' ? '/leads?deleted=true' : '/leads')}
                  >
                    {t('bulk.openLeads')}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
