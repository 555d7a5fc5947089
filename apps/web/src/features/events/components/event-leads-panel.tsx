import { APPROVAL_STATUSES, type ApprovalStatus } from '@leadcapture/contracts/constants';
import type { Event } from '@leadcapture/contracts/events';
import type { Lead } from '@leadcapture/contracts/leads';
import { Check, Info, QrCode, Search, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  EVENT_LEADS_PAGE_SIZE,
  useDecideLeadApproval,
  useEventLeads,
  type ApprovalDecision,
} from '../api/event-leads.ts';

const APPROVAL_VARIANT: Record<ApprovalStatus, 'success' | 'warning' | 'danger'> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
};

const isApproval = (v: string | null): v is ApprovalStatus =>
  v !== null && (APPROVAL_STATUSES as readonly string[]).includes(v);

const leadName = (lead: Lead) => `${lead.first_name} ${lead.last_name}`.trim() || lead.email;

/**
 * The Leads tab: the event's leads, newest first, searchable and filtered by approval (both in
 * the URL, so "pending leads of this event" can be linked to). Pending leads of an event that
 * requires approval get Approve and Reject, for everyone but viewers.
 */
export function EventLeadsPanel({
  event,
  canWrite,
  enabled = true,
  onShowQr,
}: {
  event: Event;
  canWrite: boolean;
  enabled?: boolean;
  /** Goes to the QR code (the empty state's way to get the first leads). */
  onShowQr: () => void;
}) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const approval = isApproval(params.get('approval')) ? (params.get('approval') as ApprovalStatus) : '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search.trim());
  const leads = useEventLeads(
    event.id,
    { search: deferredSearch, approvalStatus: approval, page, pageSize: EVENT_LEADS_PAGE_SIZE },
    { enabled },
  );
  const decide = useDecideLeadApproval(event.id);

  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const onDecide = (lead: Lead, decision: ApprovalDecision) =>
    decide.mutate(
      { lead, decision },
      {
        onSuccess: () =>
          toast.success(
            t(decision === 'approve' ? 'detail.leads.approved' : 'detail.leads.rejected', { name: leadName(lead) }),
          ),
        onError: (error) => {
          if (isHandledGlobally(error)) return;
          const title = t(decision === 'approve' ? 'detail.leads.approveFailed' : 'detail.leads.rejectFailed');
          const conflict = isApiError(error) && error.status === 409;
          toast.error(title, { message: conflict ? t('detail.leads.alreadyDecided') : undefined });
        },
      },
    );
  const deciding = decide.isPending ? decide.variables.lead.id : null;

  const data = leads.data;
  const filtered = approval !== '' || deferredSearch !== '';
  const pages = data ? Math.max(1, Math.ceil(data.count / EVENT_LEADS_PAGE_SIZE)) : 1;

  const actions = (lead: Lead, layout: string) =>
    canWrite &&
    lead.approval_status === 'pending' && (
      <div className={`flex gap-2 ${layout}`}>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('detail.leads.approveLabel', { name: leadName(lead) })}
          disabled={deciding === lead.id}
          onClick={() => onDecide(lead, 'approve')}
        >
          <Check aria-hidden="true" />
          {t('detail.leads.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('detail.leads.rejectLabel', { name: leadName(lead) })}
          disabled={deciding === lead.id}
          onClick={() => onDecide(lead, 'reject')}
        >
          <X aria-hidden="true" />
          {t('detail.leads.reject')}
        </Button>
      </div>
    );

  const approvalBadge = (lead: Lead) => (
    <Badge variant={APPROVAL_VARIANT[lead.approval_status]}>{t(`detail.approval.${lead.approval_status}`)}</Badge>
  );
  const captured = (lead: Lead) => (
    <time dateTime={lead.created_at}>{formatDate(lead.created_at, language, 'PPp')}</time>
  );

  return (
    <div className="grid gap-4">
      <h2 className="sr-only">{t('detail.tabs.leads')}</h2>
      {event.settings.require_approval && (
        <p className="flex items-start gap-2 rounded-xl bg-info-soft p-3 text-sm text-info-soft-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('detail.leads.approvalNotice')}
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t('detail.leads.search')}
            placeholder={t('detail.leads.searchPlaceholder')}
            className="pl-9"
            maxLength={200}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setParam('search', e.target.value.trim());
            }}
          />
        </div>
        <Select
          aria-label={t('detail.leads.approvalFilter')}
          className="sm:w-48"
          value={approval}
          onChange={(e) => setParam('approval', e.target.value)}
          placeholder={t('detail.leads.approvalAll')}
          options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`detail.approval.${s}`) }))}
        />
      </div>

      {leads.isError && data === undefined ? (
        <Card role="alert" className="p-6 text-sm">
          <p className="font-medium text-foreground">{t('detail.leads.loadFailed')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void leads.refetch()}>
            {t('common:ui.retry')}
          </Button>
        </Card>
      ) : data === undefined ? (
        <div className="grid gap-2" aria-busy="true" aria-label={t('common:ui.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : data.results.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Search}
            title={t('detail.leads.noMatchTitle')}
            description={t('detail.leads.noMatchBody')}
          />
        ) : (
          <EmptyState
            icon={QrCode}
            title={t('detail.leads.emptyTitle')}
            description={t('detail.leads.emptyBody')}
            action={
              <Button variant="secondary" onClick={onShowQr}>
                <QrCode aria-hidden="true" />
                {t('detail.leads.emptyAction')}
              </Button>
            }
          />
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('detail.leads.count', { count: data.count, formatted: formatNumber(data.count, language) })}
          </p>
          {/* Table from md up, cards below (the Table's own wrapper would otherwise stay as a line). */}
          <div className="max-md:hidden">
            <Table aria-label={t('detail.leads.tableLabel', { name: event.name })}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('detail.leads.columns.name')}</TableHead>
                  <TableHead>{t('detail.leads.columns.company')}</TableHead>
                  <TableHead>{t('detail.leads.columns.source')}</TableHead>
                  <TableHead>{t('detail.leads.columns.status')}</TableHead>
                  <TableHead>{t('detail.leads.columns.approval')}</TableHead>
                  <TableHead>{t('detail.leads.columns.captured')}</TableHead>
                  {canWrite && (
                    <TableHead>
                      <span className="sr-only">{t('detail.leads.columns.actions')}</span>
                    </TableHead>
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.results.map((lead) => (
                  <TableRow key={lead.id}>
                    <TableCell className="max-w-64">
                      <span className="block truncate font-medium">{leadName(lead)}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        <span className="sr-only">{t('detail.leads.columns.email')}: </span>
                        {lead.email}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-48">{lead.company || '—'}</TableCell>
                    <TableCell className="whitespace-nowrap">{t(`common:leadSource.${lead.source}`)}</TableCell>
                    <TableCell>
                      <Badge variant="neutral">{t(`detail.leadStatus.${lead.status}`)}</Badge>
                    </TableCell>
                    <TableCell>{approvalBadge(lead)}</TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      <time dateTime={lead.created_at} className="grid">
                        <span>{formatDate(lead.created_at, language, 'PP')}</span>
                        <span className="text-xs">{formatDate(lead.created_at, language, 'p')}</span>
                      </time>
                    </TableCell>
                    {canWrite && <TableCell>{actions(lead, 'justify-end')}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>

          <ul className="grid gap-3 md:hidden" aria-label={t('detail.leads.tableLabel', { name: event.name })}>
            {data.results.map((lead) => (
              <li key={lead.id}>
                <Card className="grid gap-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="grid min-w-0">
                      <span className="truncate font-medium text-foreground">{leadName(lead)}</span>
                      <span className="truncate text-sm text-muted-foreground">{lead.email}</span>
                      {lead.company !== '' && <span className="truncate text-sm text-foreground">{lead.company}</span>}
                    </div>
                    {approvalBadge(lead)}
                  </div>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <span>{t(`common:leadSource.${lead.source}`)}</span>
                    <span>{t(`detail.leadStatus.${lead.status}`)}</span>
                    {captured(lead)}
                  </div>
                  {actions(lead, 'flex-wrap')}
                </Card>
              </li>
            ))}
          </ul>

          {pages > 1 && (
            <Pagination
              label={t('detail.leads.pagination')}
              summary={t('detail.leads.pageOf', { page, pages })}
              page={page}
              pages={pages}
              onPage={(next) => setParam('page', String(next))}
            />
          )}
        </>
      )}
    </div>
  );
}
