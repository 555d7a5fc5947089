import {
  NOTIFICATION_LOG_CHANNELS,
  NOTIFICATION_LOG_STATUSES,
  type NotificationLogQuery,
} from '@leadcapture/contracts/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useNotificationLogs } from '../api/notification-settings.ts';

const PAGE_SIZE = 20;

/** Every notification and mail the organisation sent, newest first, with status and error. */
export function LogsPanel() {
  const { t, i18n } = useTranslation('notifications');
  const [channel, setChannel] = useState<NotificationLogQuery['channel']>();
  const [status, setStatus] = useState<NotificationLogQuery['status']>();
  const [page, setPage] = useState(1);
  const query = useNotificationLogs({ channel, status, page });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('settings.logs.channel')}>
          <Select
            value={channel ?? ''}
            placeholder={t('settings.logs.any')}
            onChange={(e) => {
              setChannel((e.target.value || undefined) as NotificationLogQuery['channel']);
              setPage(1);
            }}
            options={NOTIFICATION_LOG_CHANNELS.map((c) => ({ value: c, label: t(`settings.channels.${c}`) }))}
          />
        </Field>
        <Field label={t('settings.logs.status')}>
          <Select
            value={status ?? ''}
            placeholder={t('settings.logs.any')}
            onChange={(e) => {
              setStatus((e.target.value || undefined) as NotificationLogQuery['status']);
              setPage(1);
            }}
            options={NOTIFICATION_LOG_STATUSES.map((s) => ({ value: s, label: t(`settings.logs.statuses.${s}`) }))}
          />
        </Field>
      </div>
      <QueryState
        query={query}
        errorMessage={t('settings.loadFailed')}
        loadingLabel={t('settings.logs.loading')}
        isEmpty={(data) => data.count === 0}
        empty={<p className="text-sm text-muted-foreground">{t('settings.logs.empty')}</p>}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.count / PAGE_SIZE));
          return (
            <div className="grid gap-3">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('settings.logs.time')}</TableHead>
                    <TableHead>{t('settings.logs.channel')}</TableHead>
                    <TableHead>{t('settings.logs.recipient')}</TableHead>
                    <TableHead>{t('settings.logs.what')}</TableHead>
                    <TableHead>{t('settings.logs.status')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.results.map((log) => (
                    <TableRow key={log.id}>
                      <TableCell className="whitespace-nowrap">{time.format(new Date(log.created_at))}</TableCell>
                      <TableCell>{t(`settings.channels.${log.channel}`)}</TableCell>
                      <TableCell className="break-all">{log.recipient}</TableCell>
                      <TableCell>
                        <span className="grid gap-0.5">
                          <span className="font-medium">
                            {t(`settings.templateNames.${log.template}`, { defaultValue: log.template })}
                          </span>
                          {log.subject && <span className="text-xs text-muted-foreground">{log.subject}</span>}
                        </span>
                      </TableCell>
                      <TableCell>
                        <span className="grid gap-1">
                          <Badge>
                            {t(`settings.logs.statuses.${log.status}`)}
                            {log.digest ? ` · ${t('settings.logs.digest')}` : ''}
                          </Badge>
                          {log.error && <span className="text-xs text-destructive">{log.error}</span>}
                        </span>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Pagination
                label={t('settings.logs.pagination')}
                summary={t('page.pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={setPage}
              />
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}
