import type { SystemHealth } from '@leadcapture/contracts/staff';
import { formatDistanceToNowStrict } from 'date-fns';
import { sv as svLocale } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';

const MB = 1024 * 1024;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">{children}</dl>
    </section>
  );
}

function Figure({ label, value, warn = false }: { label: string; value: ReactNode; warn?: boolean }) {
  return (
    <div>
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className={warn ? 'text-destructive text-lg font-semibold' : 'text-lg font-semibold'}>{value}</dd>
    </div>
  );
}

/** The staff console's health panel: readable sections of GET /staff/health/. */
export function HealthPanel({ health }: { health: SystemHealth }) {
  const { t, i18n } = useTranslation('staff');
  const locale = i18n.language.startsWith('sv') ? svLocale : undefined;
  const ago = (iso: string) => formatDistanceToNowStrict(new Date(iso), { addSuffix: true, locale });
  const hours = Math.floor(health.process.uptime_seconds / 3600);
  const minutes = Math.floor((health.process.uptime_seconds % 3600) / 60);
  return (
    <div className="space-y-5 text-sm">
      <Section title={t('health.process')}>
        <Figure label={t('health.uptime')} value={t('health.hoursMinutes', { hours, minutes })} />
        <Figure label={t('health.memory')} value={`${Math.round(health.process.rss_bytes / MB)} MB`} />
        <Figure label={t('health.heap')} value={`${Math.round(health.process.heap_used_bytes / MB)} MB`} />
        <Figure label={t('health.node')} value={health.process.node_version} />
      </Section>
      <Section title={t('health.database')}>
        <Figure
          label={t('health.status')}
          value={
            <Badge variant={health.database.up ? 'success' : 'danger'}>
              {health.database.up ? t('system.ok') : t('system.down')}
            </Badge>
          }
        />
        <Figure label={t('health.kind')} value={t(`health.kinds.${health.database.kind}`)} />
        <Figure label={t('health.latency')} value={`${health.database.latency_ms} ms`} />
      </Section>
      <Section title={t('health.outbox')}>
        <Figure label={t('system.pending')} value={health.outbox.pending} />
        <Figure
          label={t('health.oldestPending')}
          value={health.outbox.oldest_pending_at ? ago(health.outbox.oldest_pending_at) : t('health.none')}
        />
        <Figure label={t('system.failed')} value={health.outbox.failed} warn={health.outbox.failed > 0} />
        <Figure label={t('health.failed24h')} value={health.outbox.failed_24h} warn={health.outbox.failed_24h > 0} />
      </Section>
      <Section title={t('health.mail')}>
        <Figure label={t('health.mailPending')} value={health.mail.pending} />
        <Figure label={t('system.mailFailed')} value={health.mail.failed_24h} warn={health.mail.failed_24h > 0} />
      </Section>
      <section aria-label={t('health.jobs')} className="space-y-2">
        <h3 className="font-semibold">{t('health.jobs')}</h3>
        <Table aria-label={t('health.jobs')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('health.task')}</TableHead>
              <TableHead>{t('health.every')}</TableHead>
              <TableHead>{t('health.lastRun')}</TableHead>
              <TableHead>{t('health.outcome')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {health.jobs.map((job) => (
              <TableRow key={job.name}>
                <TableCell className="font-mono text-xs">{job.name}</TableCell>
                <TableCell>{t('health.seconds', { count: job.interval_seconds })}</TableCell>
                <TableCell>{job.last_run_at ? ago(job.last_run_at) : t('health.notYet')}</TableCell>
                <TableCell>
                  {job.running ? (
                    <Badge variant="info">{t('health.running')}</Badge>
                  ) : job.last_outcome ? (
                    <Badge variant={job.last_outcome === 'failed' ? 'danger' : 'neutral'}>
                      {t(`health.outcomes.${job.last_outcome}`)}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}
