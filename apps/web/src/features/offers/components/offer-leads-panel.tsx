import type { ApprovalStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { Check, Inbox, Info, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { Link } from 'react-router';
import { useDecidePageLeadApproval, usePageLeads, type ApprovalDecision } from '../../events/api/event-leads.ts';
import type { Offer } from '../api/offers.ts';

const PAGE_SIZE = 10;

const APPROVAL_VARIANT: Record<ApprovalStatus, 'success' | 'warning' | 'danger'> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
};

const leadName = (lead: Lead) => `${lead.first_name} ${lead.last_name}`.trim() || lead.email;

/**
 * The offer's leads (`GET /offers/{id}/leads/`, newest first), each linking to its lead page.
 * The leads list has no offer filter in its URL yet, so the builder lists them itself, through
 * the same page-leads query and approval mutation as an event's Leads tab. Pending leads get
 * Approve and Reject for everyone but viewers.
 */
export function OfferLeadsPanel({ offer, canWrite }: { offer: Offer; canWrite: boolean }) {
  const { t, i18n } = useTranslation(['offers', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  // Kept here, not in the URL: the builder's address is the offer's, and paging leads is no navigation.
  const [page, setPage] = useState(1);
  const resourcePath = `/offers/${offer.id}`;
  const leads = usePageLeads(resourcePath, { page, pageSize: PAGE_SIZE });
  const decide = useDecidePageLeadApproval(resourcePath);
  const deciding = decide.isPending ? decide.variables.lead.id : null;
  const data = leads.data;

  const onDecide = (lead: Lead, decision: ApprovalDecision) =>
    decide.mutate(
      { lead, decision },
      {
        onSuccess: () =>
          toast.success(t(decision === 'approve' ? 'leads.approved' : 'leads.rejected', { name: leadName(lead) })),
        onError: (error) => {
          if (isHandledGlobally(error)) return;
          const conflict = isApiError(error) && error.status === 409;
          toast.error(t(decision === 'approve' ? 'leads.approveFailed' : 'leads.rejectFailed'), {
            message: conflict ? t('leads.alreadyDecided') : undefined,
          });
        },
      },
    );
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  return (
    <Card id="offer-leads">
      <CardHeader>
        <CardTitle>{t('leads.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 pt-4">
        {offer.settings.require_approval && (
          <p className="flex items-start gap-2 rounded-xl bg-info-soft p-3 text-sm text-info-soft-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('leads.approvalNotice')}
          </p>
        )}
        {leads.isError && data === undefined ? (
          <div role="alert" className="text-sm">
            <p className="font-medium text-foreground">{t('leads.loadFailed')}</p>
            <Button variant="outline" className="mt-3" onClick={() => void leads.refetch()}>
              {t('common:ui.retry')}
            </Button>
          </div>
        ) : data === undefined ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t('common:ui.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : data.results.length === 0 ? (
          <EmptyState icon={Inbox} headingLevel={3} title={t('leads.emptyTitle')} description={t('leads.emptyBody')} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('leads.count', { count: data.count, formatted: formatNumber(data.count, language) })}
            </p>
            <Table aria-label={t('leads.tableLabel', { title: offer.title })}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('leads.columns.name')}</TableHead>
                  <TableHead>{t('leads.columns.company')}</TableHead>
                  <TableHead>{t('leads.columns.approval')}</TableHead>
                  <TableHead>{t('leads.columns.captured')}</TableHead>
                  {canWrite && (
                    <TableHead>
                      <span className="sr-only">{t('leads.columns.actions')}</span>
                    </TableHead>
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.results.map((lead) => (
                  <TableRow key={lead.id}>
                    <TableCell className="max-w-64">
                      <Link to={lp(`/leads/${lead.id}`)} className="block truncate font-medium hover:underline">
                        {leadName(lead)}
                      </Link>
                      <span className="block truncate text-xs text-muted-foreground">
                        <span className="sr-only">{t('leads.columns.email')}: </span>
                        {lead.email}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-48">{lead.company || '—'}</TableCell>
                    <TableCell>
                      <Badge variant={APPROVAL_VARIANT[lead.approval_status]}>
                        {t(`leads.approval.${lead.approval_status}`)}
                      </Badge>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      <time dateTime={lead.created_at}>{formatDate(lead.created_at, language, 'PPp')}</time>
                    </TableCell>
                    {canWrite && (
                      <TableCell>
                        {lead.approval_status === 'pending' && (
                          <div className="flex justify-end gap-2">
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={t('leads.approveLabel', { name: leadName(lead) })}
                              disabled={deciding === lead.id}
                              onClick={() => onDecide(lead, 'approve')}
                            >
                              <Check aria-hidden="true" />
                              {t('leads.approve')}
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={t('leads.rejectLabel', { name: leadName(lead) })}
                              disabled={deciding === lead.id}
                              onClick={() => onDecide(lead, 'reject')}
                            >
                              <X aria-hidden="true" />
                              {t('leads.reject')}
                            </Button>
                          </div>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {pages > 1 && (
              <Pagination
                label={t('leads.pagination')}
                summary={t('leads.pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={setPage}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
