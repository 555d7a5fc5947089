import { APPROVAL_STATUSES, type ApprovalStatus, type LeadStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { Check, Inbox, Info, Search, X, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../lib/api-client.ts';
import { formatDate, formatNumber } from '../lib/format.ts';
import { PAGE_LEADS_PAGE_SIZE, usePageLeads, type ApprovalDecision, type DecideApproval } from '../lib/page-leads.ts';
import { toast } from '../lib/toast.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { ListFilters } from './paged-list.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Pagination } from './ui/pagination.tsx';
import { QueryState } from './ui/query-state.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

/**
 * The texts of the panel. Each page (an event, an offer) words them in its own namespace, with
 * its own name in them ("Leads of Nordic Expo"), so the panel asks its page for them.
 */
export type PageLeadsTextKey =
  | 'heading'
  | 'approvalNotice'
  | 'search'
  | 'searchPlaceholder'
  | 'approvalFilter'
  | 'approvalAll'
  | 'loadFailed'
  | 'noMatchTitle'
  | 'noMatchBody'
  | 'emptyTitle'
  | 'emptyBody'
  | 'count'
  | 'tableLabel'
  | 'columns.name'
  | 'columns.email'
  | 'columns.company'
  | 'columns.source'
  | 'columns.status'
  | 'columns.approval'
  | 'columns.captured'
  | 'columns.actions'
  | 'approve'
  | 'reject'
  | 'approveLabel'
  | 'rejectLabel'
  | 'approved'
  | 'rejected'
  | 'approveFailed'
  | 'rejectFailed'
  | 'alreadyDecided'
  | 'pagination'
  | 'pageOf';
export type PageLeadsText = (key: PageLeadsTextKey, values?: Record<string, string | number>) => string;

const APPROVAL_VARIANT: Record<ApprovalStatus, 'success' | 'warning' | 'danger'> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
};

const leadName = (lead: Lead) => `${lead.first_name} ${lead.last_name}`.trim() || lead.email;

export interface PageLeadsPanelProps {
  /** The page's API path without the trailing slash: `/events/{id}`, `/offers/{id}`. */
  resourcePath: string;
  text: PageLeadsText;
  approvalLabel: (status: ApprovalStatus) => string;
  statusLabel: (status: LeadStatus) => string;
  /** The page holds new leads as pending: says so above the list. */
  requireApproval: boolean;
  canWrite: boolean;
  /** The approval mutation (features/leads/api `useDecideApproval`), handed in by the page. */
  decide: DecideApproval;
  enabled?: boolean;
  /** Under the empty state: the way to the first leads (the QR code), with its icon. */
  emptyAction?: ReactNode;
  emptyIcon?: LucideIcon;
  /** An h2 for screen readers (`text('heading')`); false where a visible heading already names the list. */
  heading?: boolean;
}

/**
 * The leads one public page (an event, an offer) collected, newest first, searchable and
 * filtered by approval (both in the URL, so "pending leads of this event" can be linked to).
 * Names lead to the lead's page. Pending leads get Approve and Reject, for everyone but viewers.
 */
export function PageLeadsPanel({
  resourcePath,
  text,
  approvalLabel,
  statusLabel,
  requireApproval,
  canWrite,
  decide,
  enabled = true,
  emptyAction,
  emptyIcon = Inbox,
  heading = true,
}: PageLeadsPanelProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const params = useListParams('approval', APPROVAL_STATUSES);
  const { filter: approval, page, deferredSearch, filtered } = params;
  const leads = usePageLeads(
    resourcePath,
    { search: deferredSearch, approvalStatus: approval, page, pageSize: PAGE_LEADS_PAGE_SIZE },
    { enabled },
  );

  const onDecide = (lead: Lead, decision: ApprovalDecision) =>
    decide.mutate(
      { lead, decision },
      {
        onSuccess: () =>
          toast.success(text(decision === 'approve' ? 'approved' : 'rejected', { name: leadName(lead) })),
        onError: (error) => {
          if (isHandledGlobally(error)) return;
          const title = text(decision === 'approve' ? 'approveFailed' : 'rejectFailed');
          const conflict = isApiError(error) && error.status === 409;
          toast.error(title, { message: conflict ? text('alreadyDecided') : undefined });
        },
      },
    );
  const deciding = decide.isPending ? decide.variables.lead.id : null;

  const data = leads.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_LEADS_PAGE_SIZE)) : 1;

  const actions = (lead: Lead, layout: string) =>
    canWrite &&
    lead.approval_status === 'pending' && (
      <div className={`flex gap-2 ${layout}`}>
        <Button
          size="sm"
          variant="secondary"
          aria-label={text('approveLabel', { name: leadName(lead) })}
          disabled={deciding === lead.id}
          onClick={() => onDecide(lead, 'approve')}
        >
          <Check aria-hidden="true" />
          {text('approve')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={text('rejectLabel', { name: leadName(lead) })}
          disabled={deciding === lead.id}
          onClick={() => onDecide(lead, 'reject')}
        >
          <X aria-hidden="true" />
          {text('reject')}
        </Button>
      </div>
    );

  const approvalBadge = (lead: Lead) => (
    <Badge variant={APPROVAL_VARIANT[lead.approval_status]}>{approvalLabel(lead.approval_status)}</Badge>
  );
  const captured = (lead: Lead) => (
    <time dateTime={lead.created_at}>{formatDate(lead.created_at, language, 'PPp')}</time>
  );
  const name = (lead: Lead, className: string) => (
    <Link to={lp(`/leads/${lead.id}`)} className={`${className} hover:underline`}>
      {leadName(lead)}
    </Link>
  );

  return (
    <div className="grid gap-4">
      {heading && <h2 className="sr-only">{text('heading')}</h2>}
      {requireApproval && (
        <p className="flex items-start gap-2 rounded-xl bg-info-soft p-3 text-sm text-info-soft-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {text('approvalNotice')}
        </p>
      )}

      <ListFilters
        params={params}
        searchLabel={text('search')}
        searchPlaceholder={text('searchPlaceholder')}
        filterLabel={text('approvalFilter')}
        filterAll={text('approvalAll')}
        filterOptions={APPROVAL_STATUSES.map((s) => ({ value: s, label: approvalLabel(s) }))}
      />

      <QueryState
        query={leads}
        errorMessage={text('loadFailed')}
        isEmpty={(page) => page.results.length === 0}
        empty={
          filtered ? (
            <EmptyState icon={Search} title={text('noMatchTitle')} description={text('noMatchBody')} />
          ) : (
            <EmptyState
              icon={emptyIcon}
              title={text('emptyTitle')}
              description={text('emptyBody')}
              action={emptyAction}
            />
          )
        }
      >
        {(found) => (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {text('count', { count: found.count, formatted: formatNumber(found.count, language) })}
            </p>
            {/* Table from md up, cards below (the Table's own wrapper would otherwise stay as a line). */}
            <div className="max-md:hidden">
              <Table aria-label={text('tableLabel')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{text('columns.name')}</TableHead>
                    <TableHead>{text('columns.company')}</TableHead>
                    <TableHead>{text('columns.source')}</TableHead>
                    <TableHead>{text('columns.status')}</TableHead>
                    <TableHead>{text('columns.approval')}</TableHead>
                    <TableHead>{text('columns.captured')}</TableHead>
                    {canWrite && (
                      <TableHead>
                        <span className="sr-only">{text('columns.actions')}</span>
                      </TableHead>
                    )}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {found.results.map((lead) => (
                    <TableRow key={lead.id}>
                      <TableCell className="max-w-64">
                        {name(lead, 'block truncate font-medium')}
                        <span className="block truncate text-xs text-muted-foreground">
                          <span className="sr-only">{text('columns.email')}: </span>
                          {lead.email}
                        </span>
                      </TableCell>
                      <TableCell className="max-w-48">{lead.company || '—'}</TableCell>
                      <TableCell className="whitespace-nowrap">{t(`leadSource.${lead.source}`)}</TableCell>
                      <TableCell>
                        <Badge variant="neutral">{statusLabel(lead.status)}</Badge>
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

            <ul className="grid gap-3 md:hidden" aria-label={text('tableLabel')}>
              {found.results.map((lead) => (
                <li key={lead.id}>
                  <Card className="grid gap-2 p-4">
                    <div className="flex items-start justify-between gap-3">
                      <div className="grid min-w-0">
                        {name(lead, 'truncate font-medium text-foreground')}
                        <span className="truncate text-sm text-muted-foreground">{lead.email}</span>
                        {lead.company !== '' && (
                          <span className="truncate text-sm text-foreground">{lead.company}</span>
                        )}
                      </div>
                      {approvalBadge(lead)}
                    </div>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <span>{t(`leadSource.${lead.source}`)}</span>
                      <span>{statusLabel(lead.status)}</span>
                      {captured(lead)}
                    </div>
                    {actions(lead, 'flex-wrap')}
                  </Card>
                </li>
              ))}
            </ul>

            {pages > 1 && (
              <Pagination
                label={text('pagination')}
                summary={text('pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={params.setPage}
              />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
