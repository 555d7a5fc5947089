import { ROLES, type Role } from '@leadcapture/contracts/constants';
import { TEAM_MEMBER_STATUSES, type TeamMemberStatus } from '@leadcapture/contracts/team';
import { Search, UserPlus, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { TEAM_PAGE_SIZE, useResendInvite, useTeamList, type TeamMember } from '../api/team.ts';
import { EditMemberDialog } from '../components/edit-member-dialog.tsx';
import { InviteMemberDialog } from '../components/invite-member-dialog.tsx';
import { RemoveMemberDialog } from '../components/remove-member-dialog.tsx';
import { teamFailure } from '../components/team-errors.ts';
import { TeamMemberList, type MemberAction } from '../components/team-member-list.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/** Typing pauses this long before the search goes into the address and the request. */
export const SEARCH_DEBOUNCE_MS = 300;

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  allowed.find((v) => v === value);

/**
 * /team (spec 01 §2, §6): everyone in the organisation, the signed-in person marked You, with
 * search and status/role filters kept in the address. Owners and admins invite, edit, remove and
 * resend; members and viewers read the list only.
 */
export function TeamPage() {
  const { t, i18n } = useTranslation(['team', 'common']);
  const me = useCurrentUser();
  const myRole = me.current_organization?.role;
  const organization = me.current_organization?.name ?? '';
  const canManage = myRole === 'owner' || myRole === 'admin';

  const [params, setParams] = useAddressParams();
  const status = pick<TeamMemberStatus>(TEAM_MEMBER_STATUSES, params.get('status'));
  const role = pick<Role>(ROLES, params.get('role'));
  const searchParam = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters = useMemo(
    () => ({ status, role, search: searchParam === '' ? undefined : searchParam, page }),
    [status, role, searchParam, page],
  );
  const list = useTeamList(filters);

  const change = (next: Record<string, string>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          if (value === '') out.delete(key);
          else out.set(key, value);
        }
        // Another filter means another list: back to its first page.
        if (!('page' in next)) out.delete('page');
        return out;
      },
      { replace: true },
    );

  const [search, setSearch] = useState(searchParam);
  const [searchInAddress, setSearchInAddress] = useState(searchParam);
  if (searchParam !== searchInAddress) {
    setSearchInAddress(searchParam);
    setSearch(searchParam);
  }
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === searchParam) return;
    const timer = setTimeout(() => {
      setSearchInAddress(wanted);
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (wanted === '') out.delete('search');
          else out.set('search', wanted);
          out.delete('page');
          return out;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, searchParam, setParams]);

  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const resend = useResendInvite();

  const onAction = (action: MemberAction, member: TeamMember) => {
    if (action === 'edit') setEditing(member);
    else if (action === 'remove') setRemoving(member);
    else
      resend.mutate(member.id, {
        onSuccess: (sent) => toast.success(t('resend.done', { email: sent.email })),
        onError: (error) => {
          const failure = teamFailure(error, 'resend');
          if (failure !== null) toast.error(t(failure.key, { email: member.email }));
        },
      });
  };

  const data = list.data;
  const members = data?.results ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.count / TEAM_PAGE_SIZE)) : 1;
  const filtered = status !== undefined || role !== undefined || searchParam !== '';
  const all = t('filters.all');

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description', { organization })}
        actions={
          canManage && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden="true" />
              {t('list.invite')}
            </Button>
          )
        }
      />
      {!canManage && <p className="-mt-3 text-sm text-muted-foreground">{t('list.readOnly')}</p>}

      <div className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <SearchInput
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          maxLength={200}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Field label={t('filters.status')}>
          <Select
            value={status ?? ''}
            onChange={(e) => change({ status: e.target.value })}
            placeholder={all}
            options={TEAM_MEMBER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Field>
        <Field label={t('filters.role')}>
          <Select
            value={role ?? ''}
            onChange={(e) => change({ role: e.target.value })}
            placeholder={all}
            options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
          />
        </Field>
      </div>

      <QueryState
        query={list}
        errorMessage={t('errors.fetch')}
        rows={4}
        isEmpty={() => members.length === 0}
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
                    change({ status: '', role: '', search: '' });
                  }}
                >
                  {t('list.clearFilters')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Users}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={canManage && <Button onClick={() => setInviting(true)}>{t('list.invite')}</Button>}
            />
          )
        }
      >
        {(data) => (
          <div className={cn('grid gap-3', list.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('list.count', { count: data.count, formatted: formatNumber(data.count, i18n.language) })}
            </p>
            <TeamMemberList members={members} myUserId={me.id} myRole={myRole} onAction={onAction} />
            {pages > 1 && (
              <Pagination
                label={t('list.pagination')}
                summary={t('list.pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={(next) => change({ page: String(next) })}
              />
            )}
          </div>
        )}
      </QueryState>

      {inviting && <InviteMemberDialog myRole={myRole} onClose={() => setInviting(false)} />}
      {editing !== null && (
        <EditMemberDialog
          member={editing}
          myRole={myRole}
          organization={organization}
          onClose={() => setEditing(null)}
        />
      )}
      {removing !== null && (
        <RemoveMemberDialog member={removing} organization={organization} onClose={() => setRemoving(null)} />
      )}
    </div>
  );
}
