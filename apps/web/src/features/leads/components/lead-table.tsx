import type { LeadListOrdering } from '@leadcapture/contracts/leads';
import { ArrowDown, ArrowUp, ArrowUpDown, CalendarClock, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApprovalBadge } from '../../../components/approval-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { Lead } from '../api/leads.ts';
import { nextOrdering, sortDirection, type SortField } from '../utils/list-filters.ts';
import { LEAD_RETENTION_DAYS } from '@leadcapture/contracts/constants';
import { InterestBadge, LeadStatusBadge, scoreVariant } from './lead-badges.tsx';
import { COLUMN_SORT, type LeadColumn } from './lead-columns.ts';
import { isOverdue, leadName } from './lead-name.ts';

export type LeadTableProps = {
  leads: readonly Lead[];
  columns: readonly LeadColumn[];
  ordering: LeadListOrdering;
  onOrder: (ordering: LeadListOrdering) => void;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  /** Event id → name, member id → name, for the event and assignee columns. */
  eventNames: ReadonlyMap<string, string>;
  memberNames: ReadonlyMap<string, string>;
  /** The bin: deleted leads, with when they go for good and a restore button. */
  bin: boolean;
  canWrite: boolean;
  onRestore: (lead: Lead) => void;
  restoring: string | null;
};

/** When a deleted lead leaves the bin for good. */
function purgeDate(lead: Lead): Date | null {
  if (lead.deleted_at === null) return null;
  return new Date(new Date(lead.deleted_at).getTime() + LEAD_RETENTION_DAYS * 86_400_000);
}

/**
 * The leads of one page: a table from md up (choosable columns, sortable headers, a checkbox
 * per row and one for the page), cards below it. Both carry the same checkboxes, so bulk actions
 * work on a phone too.
 */
export function LeadTable(props: LeadTableProps) {
  const { t, i18n } = useTranslation(['leads', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const { leads, columns, selected, onSelect, onSelectPage, bin, canWrite } = props;
  const allSelected = leads.length > 0 && leads.every((l) => selected.has(l.id));
  const someSelected = !allSelected && leads.some((l) => selected.has(l.id));

  // A lead in the bin opens too: its page says when it goes for good and offers the restore.
  const name = (lead: Lead, className: string) => (
    <Link
      to={lp(`/leads/${lead.id}`)}
      className={cn(className, 'hover:underline focus-visible:outline-2 focus-visible:outline-ring')}
    >
      {leadName(lead)}
    </Link>
  );

  const cell = (lead: Lead, column: LeadColumn) => {
    switch (column) {
      case 'company':
        return (
          <span className="block max-w-48 truncate">
            {lead.company || '—'}
            {lead.job_title !== '' && (
              <span className="block truncate text-xs text-muted-foreground">{lead.job_title}</span>
            )}
          </span>
        );
      case 'email':
        return lead.email === '' ? '—' : <span className="block max-w-56 truncate">{lead.email}</span>;
      case 'phone':
        return <span className="whitespace-nowrap">{lead.phone || '—'}</span>;
      case 'status':
        return <LeadStatusBadge status={lead.status} />;
      case 'interest':
        return lead.interest === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <InterestBadge interest={lead.interest} />
        );
      case 'score':
        return (
          <Badge variant={scoreVariant(lead.score)} className="tabular-nums">
            {formatNumber(lead.score, language)}
          </Badge>
        );
      case 'source':
        return <span className="whitespace-nowrap">{t(`common:leadSource.${lead.source}`)}</span>;
      case 'event':
        return lead.event === null ? (
          '—'
        ) : (
          <Link to={lp(`/events/${lead.event}`)} className="block max-w-44 truncate hover:underline">
            {props.eventNames.get(lead.event) ?? t('list.unknownEvent')}
          </Link>
        );
      case 'assigned':
        return lead.assigned_to === null ? (
          <span className="text-muted-foreground">{t('list.unassigned')}</span>
        ) : (
          <span className="block max-w-40 truncate">
            {props.memberNames.get(lead.assigned_to) ?? t('list.unknownMember')}
          </span>
        );
      case 'tags':
        return lead.tags.length === 0 ? (
          '—'
        ) : (
          <span className="flex max-w-56 flex-wrap gap-1">
            {lead.tags.slice(0, 3).map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
            {lead.tags.length > 3 && <Badge>+{lead.tags.length - 3}</Badge>}
          </span>
        );
      case 'follow_up':
        return lead.follow_up_date === null ? (
          '—'
        ) : (
          <time
            dateTime={lead.follow_up_date}
            className={cn(
              'whitespace-nowrap',
              isOverdue(lead.follow_up_date) && 'font-medium text-destructive-soft-foreground',
            )}
          >
            {formatDate(lead.follow_up_date, language, 'PPp')}
            {isOverdue(lead.follow_up_date) && <span className="sr-only"> ({t('list.overdue')})</span>}
          </time>
        );
      case 'created':
        return (
          <time dateTime={lead.created_at} className="whitespace-nowrap text-muted-foreground">
            {formatDate(lead.created_at, language, 'PP')}
          </time>
        );
    }
  };

  const header = (column: LeadColumn | 'name') => {
    const label = t(`columns.${column}`);
    const field: SortField | undefined = COLUMN_SORT[column];
    if (field === undefined) return <TableHead key={column}>{label}</TableHead>;
    const direction = sortDirection(props.ordering, field);
    const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
    return (
      <TableHead key={column} aria-sort={direction ?? 'none'}>
        <button
          type="button"
          onClick={() => props.onOrder(nextOrdering(props.ordering, field))}
          className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {label}
          <Icon aria-hidden="true" className={cn('size-3.5', direction === undefined && 'opacity-40')} />
        </button>
      </TableHead>
    );
  };

  const checkbox = (lead: Lead, extra = '') => (
    <input
      type="checkbox"
      aria-label={t('list.selectLead', { name: leadName(lead) })}
      checked={selected.has(lead.id)}
      onChange={(e) => onSelect(lead.id, e.target.checked)}
      className={cn('size-4 cursor-pointer rounded border-input accent-primary', extra)}
    />
  );

  const binInfo = (lead: Lead) => {
    const purge = purgeDate(lead);
    return (
      <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-3.5" />
        {lead.deleted_at !== null && t('bin.deletedOn', { date: formatDate(lead.deleted_at, language, 'PP') })}
        {purge !== null && ` · ${t('bin.purgedOn', { date: formatDate(purge, language, 'PP') })}`}
      </span>
    );
  };

  const restore = (lead: Lead) =>
    canWrite && (
      <Button
        variant="outline"
        size="sm"
        loading={props.restoring === lead.id}
        aria-label={t('bin.restoreLead', { name: leadName(lead) })}
        onClick={() => props.onRestore(lead)}
      >
        <RotateCcw aria-hidden="true" />
        {t('bin.restore')}
      </Button>
    );

  const label = bin ? t('bin.tableLabel') : t('list.tableLabel');

  return (
    <>
      <div className="max-md:hidden">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              {canWrite && (
                <TableHead className="w-10">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectPage')}
                    checked={allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = someSelected;
                    }}
                    onChange={(e) => onSelectPage(e.target.checked)}
                    className="size-4 cursor-pointer rounded border-input accent-primary"
                  />
                </TableHead>
              )}
              {header('name')}
              {columns.map(header)}
              {bin && <TableHead>{t('bin.column')}</TableHead>}
              {bin && canWrite && (
                <TableHead>
                  <span className="sr-only">{t('list.actions')}</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {leads.map((lead) => (
              <TableRow key={lead.id} data-state={selected.has(lead.id) ? 'selected' : undefined}>
                {canWrite && <TableCell className="w-10">{checkbox(lead)}</TableCell>}
                <TableCell className="max-w-64">
                  {name(lead, 'block truncate font-medium text-foreground')}
                  {/* In the name cell, which no column choice hides: a pending lead is not the team's yet. */}
                  {lead.approval_status !== 'approved' && (
                    <span className="mt-1 block">
                      <ApprovalBadge status={lead.approval_status} />
                    </span>
                  )}
                  {!columns.includes('email') && lead.email !== '' && (
                    <span className="block truncate text-xs text-muted-foreground">{lead.email}</span>
                  )}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column}>{cell(lead, column)}</TableCell>
                ))}
                {bin && <TableCell>{binInfo(lead)}</TableCell>}
                {bin && canWrite && <TableCell className="text-right">{restore(lead)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="grid gap-3 md:hidden">
        {canWrite && (
          <label className="flex min-h-11 items-center gap-2.5 px-1 text-sm text-muted-foreground">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={(e) => onSelectPage(e.target.checked)}
              className="size-4 cursor-pointer rounded border-input accent-primary"
            />
            {t('list.selectPage')}
          </label>
        )}
        <ul className="grid gap-3" aria-label={label}>
          {leads.map((lead) => (
            <li key={lead.id}>
              <Card className={cn('flex gap-3 p-4', selected.has(lead.id) && 'ring-2 ring-primary/40')}>
                {/* The label is the thumb's 44 px target around the 16 px box (issue 27). */}
                {canWrite && (
                  <label className="-m-3 flex size-11 shrink-0 cursor-pointer justify-center p-3 pt-4">
                    {checkbox(lead)}
                  </label>
                )}
                <div className="grid min-w-0 flex-1 gap-1.5">
                  <div className="flex items-start justify-between gap-2">
                    <div className="grid min-w-0">
                      {name(lead, '-my-2.5 block truncate py-2.5 font-medium text-foreground')}
                      <span className="truncate text-sm text-muted-foreground">
                        {[lead.company, lead.email].filter(Boolean).join(' · ') || '—'}
                      </span>
                    </div>
                    <Badge variant={scoreVariant(lead.score)} className="tabular-nums">
                      <span className="sr-only">{t('columns.score')}: </span>
                      {formatNumber(lead.score, language)}
                    </Badge>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <ApprovalBadge status={lead.approval_status} />
                    <LeadStatusBadge status={lead.status} />
                    <InterestBadge interest={lead.interest} />
                    {lead.follow_up_date !== null && (
                      <span
                        className={cn(
                          'text-xs text-muted-foreground',
                          isOverdue(lead.follow_up_date) && 'font-medium text-destructive-soft-foreground',
                        )}
                      >
                        {t('list.followUpOn', { date: formatDate(lead.follow_up_date, language, 'PPp') })}
                      </span>
                    )}
                  </div>
                  {bin ? (
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      {binInfo(lead)}
                      {restore(lead)}
                    </div>
                  ) : (
                    <span className="text-xs text-muted-foreground">
                      {lead.assigned_to === null
                        ? t('list.unassigned')
                        : (props.memberNames.get(lead.assigned_to) ?? t('list.unknownMember'))}
                      {' · '}
                      <time dateTime={lead.created_at}>{formatDate(lead.created_at, language, 'PP')}</time>
                    </span>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
