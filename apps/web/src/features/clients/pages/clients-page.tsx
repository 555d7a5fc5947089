import { CLIENT_PRIORITIES, CLIENT_STATUSES, CLIENT_TYPES, type ClientOrdering } from '@leadcapture/contracts/clients';
import { INDUSTRIES } from '@leadcapture/contracts/constants';
import { Download, Handshake, Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/data-import/import-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { memberName, useMembers } from '../../leads/api/members.ts';
import { clientExportFilters, ExportDialog } from '../../data/api/list-export.ts';
import { CLIENTS_PAGE_SIZE, useClientList } from '../api/clients.ts';
import { ClientStatsPanel } from '../components/client-stats-panel.tsx';
import { ClientTable } from '../components/client-table.tsx';
import {
  applyClientListChange,
  CLEARED_FILTERS,
  clientFiltersOf,
  DATE_FIELDS,
  hasFilters,
  readClientListState,
  type ClientListState,
} from '../utils/list-state.ts';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/** Typing pauses this long before the search goes into the address and the request. */
export const SEARCH_DEBOUNCE_MS = 300;

const ORDER_CHOICES = [
  '-created_at',
  'created_at',
  'company_name',
  '-company_name',
  'priority',
  '-estimated_value',
  '-lifetime_value',
  'next_follow_up_date',
] as const satisfies readonly ClientOrdering[];

/**
 * /clients (spec 01 §2): the organisation's clients with their stats, filters and search kept in
 * the address, a sortable table (cards on a phone) and pages of 25.
 */
export function ClientsPage() {
  const { t, i18n } = useTranslation(['clients', 'common', 'settings']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const canWrite = useCurrentUser().current_organization?.role !== 'viewer';
  const [params, setParams] = useAddressParams();
  const state = useMemo(() => readClientListState(params), [params]);
  const filters = useMemo(() => clientFiltersOf(state, CLIENTS_PAGE_SIZE), [state]);
  const list = useClientList(filters);
  const [exportOpen, setExportOpen] = useState(false);
  const { members } = useMembers();
  const memberNames = useMemo(() => new Map(members.map((m) => [m.id, memberName(m)])), [members]);

  const change = (next: Partial<ClientListState>) =>
    setParams((prev) => applyClientListChange(prev, next), { replace: true });

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
      setParams((prev) => applyClientListChange(prev, { search: wanted }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, state.search, setParams]);

  const data = list.data;
  const clients = data?.results ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.count / CLIENTS_PAGE_SIZE)) : 1;
  const filtered = hasFilters(state);

  const pastTheEnd = data !== undefined && !list.isPlaceholderData && clients.length === 0 && state.page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams((prev) => applyClientListChange(prev, { page: pages }), { replace: true });
  }, [pastTheEnd, pages, setParams]);

  const all = t('filters.all');
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setExportOpen(true)}>
              <Download aria-hidden="true" />
              {t('list.export')}
            </Button>
            {canWrite && <ImportDialog resource="clients" />}
            {canWrite && (
              <Button asChild>
                <Link to={lp('/clients/form')}>
                  <Plus aria-hidden="true" />
                  {t('list.newClient')}
                </Link>
              </Button>
            )}
          </div>
        }
      />

      <ClientStatsPanel />

      <div className="grid gap-3">
        <SearchInput
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          maxLength={200}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3">
          {/* Bottom-aligned: a label that wraps (Relationship manager) leaves the controls in line. */}
          <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6">
            <Field label={t('filters.status')}>
              <Select
                value={state.status}
                onChange={(e) => change({ status: e.target.value })}
                placeholder={all}
                options={CLIENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Field>
            <Field label={t('filters.clientType')}>
              <Select
                value={state.clientType}
                onChange={(e) => change({ clientType: e.target.value })}
                placeholder={all}
                options={CLIENT_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))}
              />
            </Field>
            <Field label={t('filters.priority')}>
              <Select
                value={state.priority}
                onChange={(e) => change({ priority: e.target.value })}
                placeholder={all}
                options={CLIENT_PRIORITIES.map((s) => ({ value: s, label: t(`priority.${s}`) }))}
              />
            </Field>
            <Field label={t('filters.industry')}>
              <Select
                value={state.industry}
                onChange={(e) => change({ industry: e.target.value })}
                placeholder={all}
                options={INDUSTRIES.map((s) => ({ value: s, label: t(`settings:industries.${s}`) }))}
              />
            </Field>
            <Field label={t('filters.manager')}>
              <Select
                value={state.manager}
                onChange={(e) => change({ manager: e.target.value })}
                placeholder={all}
                options={[
                  { value: 'me', label: t('filters.me') },
                  { value: 'unassigned', label: t('filters.unassigned') },
                  ...members.map((m) => ({ value: m.id, label: memberName(m) })),
                ]}
              />
            </Field>
            <Field label={t('filters.ordering')}>
              <Select
                value={ORDER_CHOICES.some((o) => o === state.ordering) ? state.ordering : ''}
                onChange={(e) => {
                  const chosen = ORDER_CHOICES.find((o) => o === e.target.value);
                  if (chosen !== undefined) change({ ordering: chosen });
                }}
                options={ORDER_CHOICES.map((o) => ({ value: o, label: t(`filters.order.${o}`) }))}
              />
            </Field>
          </div>
          <div className="grid items-start gap-3 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr]">
            <Field label={t('filters.tags')} help={t('filters.tagsHelp')} className="sm:col-span-3 lg:col-span-1">
              <TagInput
                value={state.tags}
                onChange={(tags) => change({ tags })}
                max={50}
                listLabel={t('filters.tags')}
                placeholder={t('filters.tagsPlaceholder')}
              />
            </Field>
            <Field label={t('filters.dateField')}>
              <Select
                value={state.dateField}
                onChange={(e) => change({ dateField: DATE_FIELDS.find((f) => f === e.target.value) ?? 'created' })}
                options={DATE_FIELDS.map((f) => ({ value: f, label: t(`filters.dateFields.${f}`) }))}
              />
            </Field>
            <Field label={t(`filters.from.${state.dateField}`)}>
              <Input type="date" value={state.from} onChange={(e) => change({ from: e.target.value })} />
            </Field>
            <Field label={t(`filters.to.${state.dateField}`)}>
              <Input type="date" value={state.to} onChange={(e) => change({ to: e.target.value })} />
            </Field>
          </div>
        </div>
      </div>

      <QueryState
        query={list}
        errorMessage={t('errors.load')}
        rows={5}
        isEmpty={() => clients.length === 0}
        empty={
          filtered ? (
            <EmptyState
              icon={Search}
              title={t('list.noMatchesTitle')}
              description={t('list.noMatchesBody')}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    change(CLEARED_FILTERS);
                  }}
                >
                  {t('list.clearFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Handshake}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={
                <Button asChild>
                  <Link to={lp('/leads?status=qualified')}>{t('list.goToLeads')}</Link>
                </Button>
              }
            />
          )
        }
      >
        {(data) => (
          <div className={cn('grid gap-3', list.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('list.count', { count: data.count, formatted: formatNumber(data.count, language) })}
            </p>
            <ClientTable
              clients={clients}
              ordering={state.ordering}
              onOrder={(ordering) => change({ ordering })}
              memberNames={memberNames}
            />
            {pages > 1 && (
              <Pagination
                label={t('list.pagination')}
                summary={t('list.pageOf', { page: state.page, pages })}
                page={state.page}
                pages={pages}
                onPage={(page) => change({ page })}
              />
            )}
          </div>
        )}
      </QueryState>
      {exportOpen && (
        <ExportDialog
          open
          onOpenChange={setExportOpen}
          initialResource="clients"
          filters={clientExportFilters(filters)}
          linkToProgress
        />
      )}
    </div>
  );
}
