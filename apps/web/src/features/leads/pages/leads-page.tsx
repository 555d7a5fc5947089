import type { LeadListOrdering } from '@leadcapture/contracts/leads';
import { Columns3, Inbox, Search, Trash2, UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/data-import/import-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useEventChoices } from '../../events/api/events.ts';
import { LEADS_PAGE_SIZE, leadListParams, useLeadList, useRestoreLead, type Lead } from '../api/leads.ts';
import { memberName, useMembers } from '../api/members.ts';
import { BulkActions, type BulkSelection } from '../components/bulk-actions.tsx';
import { ExportMenu } from '../components/export-menu.tsx';
import { LeadFilters } from '../components/lead-filters.tsx';
import { LeadLimitGate } from '../components/lead-limit-gate.tsx';
import { LEAD_COLUMNS, useLeadColumns } from '../components/lead-columns.ts';
import { leadName } from '../components/lead-name.ts';
import { LeadTable } from '../components/lead-table.tsx';
import {
  activeFilterCount,
  applyListChange,
  CLEARED,
  filtersOf,
  readListState,
  type ListChange,
} from '../utils/list-filters.ts';
import { LEAD_RETENTION_DAYS } from '@leadcapture/contracts/constants';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/** Typing pauses this long before the search goes into the address and the request. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /leads (spec 01 §2): the organisation's leads with filters, choosable and sortable columns,
 * bulk actions on the chosen ones, the bin of deleted leads, and the monthly lead limit gate.
 * Everything that decides which leads show lives in the address (utils/list-filters.ts).
 */
export function LeadsPage() {
  const { t, i18n } = useTranslation(['leads', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const [params, setParams] = useAddressParams();
  const state = useMemo(() => readListState(params), [params]);
  const filters = useMemo(() => filtersOf(state, LEADS_PAGE_SIZE), [state]);
  const list = useLeadList(filters);
  const eventOptions = useEventChoices();
  const { members } = useMembers();
  const { columns, toggle, reset } = useLeadColumns();
  const restore = useRestoreLead();

  const change = (next: ListChange) => setParams((prev) => applyListChange(prev, next), { replace: true });

  // The search box types freely; the address (and the request) follow once typing pauses.
  const [search, setSearch] = useState(state.search);
  const [searchInAddress, setSearchInAddress] = useState(state.search);
  if (state.search !== searchInAddress) {
    // Changed from outside the box (Clear filters, back button): the box follows.
    setSearchInAddress(state.search);
    setSearch(state.search);
  }
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === state.search) return;
    const timer = setTimeout(() => {
      setSearchInAddress(wanted);
      setParams((prev) => applyListChange(prev, { search: wanted }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, state.search, setParams]);

  // The choice is about the leads on screen: a new page, filter or order starts afresh.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // "Select all N matching": the bulk job then works on the filter, not on ids.
  const [allMatching, setAllMatching] = useState(false);
  const listKey = params.toString();
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
    setAllMatching(false);
  }
  const clearSelection = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);

  const eventNames = useMemo(() => new Map(eventOptions.map((o) => [o.value, o.label])), [eventOptions]);
  const memberOptions = useMemo(() => members.map((m) => ({ value: m.id, label: memberName(m) })), [members]);
  const memberNames = useMemo(() => new Map(memberOptions.map((o) => [o.value, o.label])), [memberOptions]);

  const data = list.data;
  const leads = data?.results ?? [];
  const filtered = activeFilterCount(state) > 0 || state.search !== '';
  const pages = data ? Math.max(1, Math.ceil(data.count / LEADS_PAGE_SIZE)) : 1;

  // A page past the end (its leads were deleted or moved to another filter): go to the last one.
  const pastTheEnd = data !== undefined && !list.isPlaceholderData && leads.length === 0 && state.page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams((prev) => applyListChange(prev, { page: pages }), { replace: true });
  }, [pastTheEnd, pages, setParams]);

  const wholePageChosen = leads.length > 0 && leads.every((l) => selected.has(l.id));
  const bulkSelection: BulkSelection = allMatching ? { filters: bulkFiltersOf(filters) } : { ids: [...selected] };
  const bulkCount = allMatching ? (data?.count ?? 0) : selected.size;

  const select = (id: string, on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const selectPage = (on: boolean) => {
    setAllMatching(false);
    setSelected(on ? new Set(leads.map((l) => l.id)) : new Set());
  };

  const restoreOne = (lead: Lead) =>
    restore.mutate(lead.id, {
      onSuccess: () => toast.success(t('bin.restored', { name: leadName(lead) })),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('bin.restoreFailed'));
      },
    });

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canWrite && (
            <Button asChild>
              <Link to={lp('/leads/form')}>
                <UserPlus aria-hidden="true" />
                {t('list.create')}
              </Link>
            </Button>
          )
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="inline-flex rounded-lg bg-muted p-1" role="group" aria-label={t('list.views')}>
          {[
            { bin: false, label: t('list.allLeads'), icon: Users },
            { bin: true, label: t('bin.title'), icon: Trash2 },
          ].map(({ bin, label, icon: Icon }) => (
            <button
              key={label}
              type="button"
              aria-pressed={state.deleted === bin}
              onClick={() => change({ deleted: bin })}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring max-sm:min-h-11',
                state.deleted === bin && 'bg-card text-foreground shadow-sm',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu filters={filters} />
          {canWrite && <ImportDialog resource="leads" events={eventOptions} />}
          <ColumnsMenu columns={columns} onToggle={toggle} onReset={reset} />
        </div>
      </div>

      <div className="grid gap-3">
        <SearchInput
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          maxLength={200}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <LeadFilters
          state={state}
          onChange={change}
          events={eventOptions}
          members={memberOptions}
          language={language}
        />
      </div>

      {state.deleted && (
        <p className="flex items-start gap-2 rounded-xl bg-info-soft p-3 text-sm text-info-soft-foreground">
          <Trash2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('bin.notice', { days: LEAD_RETENTION_DAYS })}
        </p>
      )}

      {selected.size > 0 && canWrite && (
        <BulkActions
          selection={bulkSelection}
          count={bulkCount}
          bin={state.deleted}
          members={members}
          events={eventOptions}
          selectAll={
            !allMatching && wholePageChosen && data !== undefined && data.count > selected.size
              ? { count: data.count, onSelect: () => setAllMatching(true) }
              : undefined
          }
          onDone={clearSelection}
          onClear={clearSelection}
        />
      )}

      <QueryState
        query={list}
        errorMessage={t('list.loadFailed')}
        rows={5}
        isEmpty={(page) => page.results.length === 0}
        empty={
          state.deleted ? (
            <EmptyState
              icon={Trash2}
              title={t('bin.emptyTitle')}
              description={t('bin.emptyBody', { days: LEAD_RETENTION_DAYS })}
            />
          ) : filtered ? (
            <EmptyState
              icon={Search}
              title={t('list.noMatchesTitle')}
              description={t('list.noMatchesBody')}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    change(CLEARED);
                  }}
                >
                  {t('filters.clearAll')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Inbox}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={
                canWrite && (
                  <div className="flex flex-wrap justify-center gap-2">
                    <Button asChild>
                      <Link to={lp('/leads/form')}>{t('list.createFirst')}</Link>
                    </Button>
                    <Button asChild variant="secondary">
                      <Link to={lp('/events')}>{t('list.goToEvents')}</Link>
                    </Button>
                  </div>
                )
              }
            />
          )
        }
      >
        {(data) => (
          <div className={cn('grid gap-3', list.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t(data.count_exact ? 'list.count' : 'list.countAbout', {
                count: data.count,
                formatted: formatNumber(data.count, language),
              })}
            </p>
            <LeadTable
              leads={leads}
              columns={columns}
              ordering={state.ordering}
              onOrder={(ordering: LeadListOrdering) => change({ ordering })}
              selected={selected}
              onSelect={select}
              onSelectPage={selectPage}
              eventNames={eventNames}
              memberNames={memberNames}
              bin={state.deleted}
              canWrite={canWrite}
              onRestore={restoreOne}
              restoring={restore.isPending ? restore.variables : null}
            />
            {/* Visitors' captures this month held past the plan's lead limit (03-decisions §4). */}
            {!state.deleted && <LeadLimitGate hiddenCount={data.held_count} />}
            {pages > 1 && (
              <Pagination
                label={t('list.pagination')}
                summary={t(data.count_exact ? 'list.pageOf' : 'list.pageOfAbout', {
                  page: formatNumber(state.page, language),
                  pages: formatNumber(pages, language),
                })}
                page={state.page}
                pages={pages}
                onPage={(page) => change({ page })}
              />
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

/** The list's filters as a bulk job takes them: the address's filters, without page and order. */
function bulkFiltersOf(filters: Parameters<typeof leadListParams>[0]): Record<string, string | number> {
  const { page: _page, page_size: _size, ordering: _ordering, ...rest } = leadListParams(filters);
  const kept: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) kept[key] = value;
  return kept;
}

function ColumnsMenu({
  columns,
  onToggle,
  onReset,
}: {
  columns: readonly string[];
  onToggle: (column: (typeof LEAD_COLUMNS)[number]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('leads');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" className="max-md:hidden">
          <Columns3 aria-hidden="true" />
          {t('columns.menu')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label={t('columns.menu')}>
        <DropdownMenuLabel>{t('columns.shown')}</DropdownMenuLabel>
        {LEAD_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={columns.includes(column)}
            onCheckedChange={() => onToggle(column)}
          >
            {t(`columns.${column}`)}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onReset}>{t('columns.reset')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
