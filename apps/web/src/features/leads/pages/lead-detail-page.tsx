import { BadgeCheck, Building, Check, Clock, Handshake, Pencil, RotateCcw, Trash2, X } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading, RecordLoadFailure } from '../../../components/ui/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { eventQueryOptions } from '../../events/api/events.ts';
import { offerQueryOptions } from '../../offers/api/offers.ts';
import type { ApprovalDecision } from '../../../lib/page-leads.ts';
import { useDecideApproval } from '../api/lead-actions.ts';
import { restoreLead, useDeleteLead, useLead, useRestoreLead, type Lead } from '../api/leads.ts';
import { useMembers } from '../api/members.ts';
import { ConvertLeadDialog } from '../components/convert-lead-dialog.tsx';
import { InterestBadge, LeadStatusBadge } from '../components/lead-badges.tsx';
import { LeadDetails, LeadInsights } from '../components/lead-insights.tsx';
import { leadName } from '../components/lead-name.ts';
import { LeadNotes } from '../components/lead-notes.tsx';
import { ScorePopover } from '../components/lead-score.tsx';
import { LeadContactActions } from '../components/lead-contact-actions.tsx';
import { AssignCard, FollowUpCard } from '../components/lead-side-cards.tsx';
import { LeadStatusMenu } from '../components/lead-status-menu.tsx';
import { LeadTimeline } from '../components/lead-timeline.tsx';
import { LEAD_RETENTION_DAYS } from '@leadcapture/contracts/constants';
import { MergeLeadDialog } from '../components/merge-lead-dialog.tsx';

/**
 * /leads/{id} (spec 01 §2): one lead with its status, interest and score ("why" and a manual
 * override), the activity timeline, internal notes, follow-up, assignee, insights and details;
 * approve or reject while it waits for approval.
 */
export function LeadDetailPage() {
  const { t } = useTranslation(['leads', 'common']);
  const { lp } = useLocalizedPath();
  const { id = '' } = useParams();
  const remove = useDeleteLead();
  // Once deleted, nothing of the lead is fetched again while the page is left (it is in the bin).
  const live = !remove.isPending && !remove.isSuccess;
  const lead = useLead(id, { enabled: live });
  const [shown, setShown] = useState<Lead>();
  if (lead.data !== undefined && lead.data !== shown) setShown(lead.data);
  const data = lead.data ?? (live ? undefined : shown);

  if (data === undefined) {
    if (lead.isError) {
      return (
        <RecordLoadFailure
          error={lead.error}
          eyebrow={<BackLink to="/leads">{t('detail.back')}</BackLink>}
          notFoundTitle={t('errors.notFound')}
          notFoundBody={t('detail.notFoundBody')}
          title={t('detail.metaTitle')}
          loadFailed={t('errors.loadOne')}
          listPath={lp('/leads')}
          backLabel={t('detail.back')}
          onRetry={() => void lead.refetch()}
        />
      );
    }
    return (
      <PageLoading>
        <div className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-80 w-full lg:col-span-2" />
          <Skeleton className="h-80 w-full" />
        </div>
      </PageLoading>
    );
  }
  return <LeadDetail lead={data} remove={remove} />;
}

function LeadDetail({ lead, remove }: { lead: Lead; remove: ReturnType<typeof useDeleteLead> }) {
  const { t } = useTranslation(['leads', 'common', 'clients']);
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  // A lead in the bin is read-only until it is restored (the server refuses changes to it).
  const inBin = lead.deleted_at !== null;
  const canWrite = me.current_organization?.role !== 'viewer' && !inBin;
  const { members } = useMembers();
  const queryClient = useQueryClient();
  const event = useQuery({ ...eventQueryOptions(lead.event ?? ''), enabled: lead.event !== null });
  // An offer's lead answered the offer's form: its questions label the answers, files among them.
  const offer = useQuery({ ...offerQueryOptions(lead.offer ?? ''), enabled: lead.offer !== null });
  const [confirming, setConfirming] = useState(false);
  const [converting, setConverting] = useState(false);
  const name = leadName(lead);

  const confirmDelete = () =>
    remove.mutate(lead.id, {
      onSuccess: () => {
        toast.success(t('detail.deleted', { name }), {
          message: t('detail.deletedBody', { days: LEAD_RETENTION_DAYS }),
          action: {
            label: t('detail.undo'),
            onClick: () =>
              void restoreLead(queryClient, lead.id).then(
                (restored) => {
                  toast.success(t('bin.restored', { name }));
                  void navigate(lp(`/leads/${restored.id}`));
                },
                (error: unknown) => {
                  if (!isHandledGlobally(error)) toast.error(t('bin.restoreFailed'));
                },
              ),
          },
        });
        void navigate(lp('/leads'));
      },
      onError: (error) => {
        setConfirming(false);
        if (!isHandledGlobally(error)) toast.error(t('errors.delete'));
      },
    });

  const subtitle = [lead.job_title, lead.company].filter(Boolean).join(' · ');

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={<BackLink to="/leads">{t('detail.back')}</BackLink>}
        title={name}
        description={
          <span className="grid gap-2">
            {subtitle !== '' && (
              <span className="inline-flex items-center gap-1.5">
                <Building aria-hidden="true" className="size-4 shrink-0" />
                {subtitle}
              </span>
            )}
            {/* Contact first (phone-first, issue 27): then status and score, then the rest. */}
            <LeadContactActions lead={lead} />
            <span className="flex flex-wrap items-center gap-2">
              <LeadStatusBadge status={lead.status} />
              <InterestBadge interest={lead.interest} />
              <ScorePopover lead={lead} canWrite={canWrite} />
            </span>
          </span>
        }
        actions={
          <>
            {lead.client !== null && (
              <Button asChild variant="secondary">
                <Link to={lp(`/clients/${lead.client}`)}>
                  <BadgeCheck aria-hidden="true" />
                  {t('clients:convert.viewClient')}
                </Link>
              </Button>
            )}
            {canWrite && lead.client === null && (
              <Button onClick={() => setConverting(true)}>
                <Handshake aria-hidden="true" />
                {t('clients:convert.button')}
              </Button>
            )}
            {canWrite && (
              <>
                <LeadStatusMenu lead={lead} />
                <MergeLeadDialog lead={lead} />
                <Button asChild variant="secondary">
                  <Link to={lp(`/leads/form/${lead.id}`)}>
                    <Pencil aria-hidden="true" />
                    {t('detail.edit')}
                  </Link>
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden="true" />
                  {t('detail.delete')}
                </Button>
              </>
            )}
          </>
        }
      />

      {inBin && <BinBanner lead={lead} canRestore={me.current_organization?.role !== 'viewer'} />}
      {lead.approval_status === 'pending' && <ApprovalBanner lead={lead} canWrite={canWrite} />}

      {/* minmax(0, 1fr) on a phone: an `auto` column grows to the longest word in a note (a URL)
          and the page scrolls sideways. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 lg:col-span-2">
          <LeadTimeline leadId={lead.id} canWrite={canWrite} />
          <LeadNotes leadId={lead.id} canWrite={canWrite} userId={me.id} />
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
          <FollowUpCard lead={lead} canWrite={canWrite} />
          <AssignCard lead={lead} members={members} canWrite={canWrite} />
          <LeadInsights lead={lead} event={event.data ?? null} />
          <LeadDetails lead={lead} event={event.data ?? offer.data ?? null} />
        </div>
      </div>

      {converting && <ConvertLeadDialog lead={lead} open={converting} onOpenChange={setConverting} />}

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title={t('detail.deleteTitle')}
        description={t('detail.deleteBody', { name, days: LEAD_RETENTION_DAYS })}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={confirmDelete}>
              {t('detail.deleteConfirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}

/** A lead opened from the bin: when it goes for good, and the way back. */
function BinBanner({ lead, canRestore }: { lead: Lead; canRestore: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const restore = useRestoreLead();
  const deletedAt = lead.deleted_at ?? lead.updated_at;
  const purgeAt = new Date(new Date(deletedAt).getTime() + LEAD_RETENTION_DAYS * 86_400_000);
  const onRestore = () =>
    restore.mutate(lead.id, {
      onSuccess: () => toast.success(t('bin.restored', { name: leadName(lead) })),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('bin.restoreFailed'));
      },
    });
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-destructive-soft p-4 text-sm text-destructive-soft-foreground"
    >
      <p className="flex items-center gap-2 font-medium">
        <Trash2 aria-hidden="true" className="size-4 shrink-0" />
        {t('bin.detailNotice', {
          deleted: formatDate(deletedAt, i18n.language, 'PP'),
          purged: formatDate(purgeAt, i18n.language, 'PP'),
        })}
      </p>
      {canRestore && (
        <Button size="sm" loading={restore.isPending} onClick={onRestore}>
          <RotateCcw aria-hidden="true" />
          {t('bin.restore')}
        </Button>
      )}
    </div>
  );
}

function ApprovalBanner({ lead, canWrite }: { lead: Lead; canWrite: boolean }) {
  const { t } = useTranslation('leads');
  const decide = useDecideApproval();
  const onDecide = (decision: ApprovalDecision) =>
    decide.mutate(
      { lead, decision },
      {
        onSuccess: () => toast.success(t(decision === 'approve' ? 'approval.approvedDone' : 'approval.rejectedDone')),
        onError: (error) => {
          if (isHandledGlobally(error)) return;
          const conflict = isApiError(error) && error.status === 409;
          toast.error(t(decision === 'approve' ? 'approval.approveFailed' : 'approval.rejectFailed'), {
            message: conflict ? t('approval.alreadyDecided') : undefined,
          });
        },
      },
    );
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-warning-soft p-4 text-sm text-warning-soft-foreground"
    >
      <p className="flex items-center gap-2 font-medium">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        {t('approval.pendingNotice')}
      </p>
      {canWrite && (
        <div className="flex gap-2">
          <Button
            size="sm"
            loading={decide.isPending && decide.variables.decision === 'approve'}
            disabled={decide.isPending}
            onClick={() => onDecide('approve')}
          >
            <Check aria-hidden="true" />
            {t('approval.approve')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={decide.isPending && decide.variables.decision === 'reject'}
            disabled={decide.isPending}
            onClick={() => onDecide('reject')}
          >
            <X aria-hidden="true" />
            {t('approval.reject')}
          </Button>
        </div>
      )}
    </div>
  );
}
