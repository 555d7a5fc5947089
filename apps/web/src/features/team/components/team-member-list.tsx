import type { Role } from '@leadcapture/contracts/constants';
import { MoreHorizontal, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { TeamMember } from '../api/team.ts';
import { AvailabilityToggle } from './availability-toggle.tsx';
import { MemberStatusBadge } from './member-status-badge.tsx';

export type MemberAction = 'edit' | 'remove' | 'resend';

/** "Ada Lovelace", else the email (an invitation may have no name). */
export function displayName(member: Pick<TeamMember, 'name' | 'email'>): string {
  return member.name.trim() || member.email;
}

/**
 * What the signed-in person may do to `member` (spec 01 §6, docs/roles.md): owners and admins
 * manage the team, only an owner touches an owner, nobody removes themselves here, and only an
 * invitation can be resent. The server enforces the same; this only hides what would be refused.
 */
export function allowedActions(member: TeamMember, myRole: Role | undefined, myUserId: string): MemberAction[] {
  if (myRole !== 'owner' && myRole !== 'admin') return [];
  if (member.role === 'owner' && myRole !== 'owner') return [];
  const actions: MemberAction[] = ['edit'];
  if (member.status === 'invited') actions.push('resend');
  if (member.user_id !== myUserId) actions.push('remove');
  return actions;
}

type ListProps = {
  members: readonly TeamMember[];
  myUserId: string;
  myRole: Role | undefined;
  onAction: (action: MemberAction, member: TeamMember) => void;
};

/**
 * The team of one page: a table from tablet width up, cards on a phone (the same data: name and
 * email, You, role, status, department and job title, when they joined or were invited, and
 * whether they take automatically assigned leads).
 */
export function TeamMemberList({ members, myUserId, myRole, onAction }: ListProps) {
  const { t } = useTranslation(['team', 'common']);
  const anyActions = members.some((m) => allowedActions(m, myRole, myUserId).length > 0);

  return (
    <>
      <div className="max-md:hidden">
        <Table aria-label={t('list.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.name')}</TableHead>
              <TableHead>{t('columns.role')}</TableHead>
              <TableHead>{t('columns.department')}</TableHead>
              <TableHead>{t('columns.jobTitle')}</TableHead>
              <TableHead>{t('columns.status')}</TableHead>
              <TableHead>{t('columns.date')}</TableHead>
              <TableHead>{t('columns.availability')}</TableHead>
              {anyActions && (
                <TableHead>
                  <span className="sr-only">{t('columns.actions')}</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((member) => (
              <TableRow key={member.id}>
                <TableCell className="max-w-72">
                  <NameBlock member={member} isMe={member.user_id === myUserId} />
                </TableCell>
                <TableCell>{t(`common:roles.${member.role}`)}</TableCell>
                <TableCell className="max-w-40 truncate">{member.department || '—'}</TableCell>
                <TableCell className="max-w-40 truncate">{member.job_title || '—'}</TableCell>
                <TableCell>
                  <MemberStatusBadge status={member.status} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">
                  <MemberDates member={member} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">
                  <AvailabilityToggle member={member} myRole={myRole} myUserId={myUserId} />
                </TableCell>
                {anyActions && (
                  <TableCell className="w-12 text-right">
                    <ActionsMenu
                      member={member}
                      actions={allowedActions(member, myRole, myUserId)}
                      onAction={onAction}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="grid gap-3 md:hidden" aria-label={t('list.tableLabel')}>
        {members.map((member) => {
          const details = [member.job_title, member.department].filter(Boolean).join(' · ');
          return (
            <li key={member.id}>
              <Card className="grid gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <NameBlock member={member} isMe={member.user_id === myUserId} />
                  </div>
                  <ActionsMenu member={member} actions={allowedActions(member, myRole, myUserId)} onAction={onAction} />
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  <MemberStatusBadge status={member.status} />
                  <Badge variant="primary">{t(`common:roles.${member.role}`)}</Badge>
                </div>
                {details !== '' && <span className="truncate text-sm text-muted-foreground">{details}</span>}
                <span className="text-xs">
                  <MemberDates member={member} />
                </span>
                {member.status !== 'invited' && (
                  <div className="flex items-center justify-between gap-2 border-t border-border pt-2 text-sm">
                    <span className="text-muted-foreground">{t('columns.availability')}</span>
                    <AvailabilityToggle member={member} myRole={myRole} myUserId={myUserId} />
                  </div>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function NameBlock({ member, isMe }: { member: TeamMember; isMe: boolean }) {
  const { t } = useTranslation('team');
  const named = member.name.trim() !== '';
  return (
    <div className="grid min-w-0">
      <span className="flex min-w-0 items-center gap-2">
        <span className="truncate font-medium text-foreground">{displayName(member)}</span>
        {isMe && <Badge variant="primary">{t('list.you')}</Badge>}
      </span>
      {named && <span className="truncate text-xs text-muted-foreground">{member.email}</span>}
    </div>
  );
}

function MemberDates({ member }: { member: TeamMember }) {
  const { t, i18n } = useTranslation('team');
  const language = i18n.language;
  const day = (iso: string) => formatDate(iso, language, 'PP');
  // When the list was drawn; an open page need not flip "valid" to "expired" by the minute.
  const [now] = useState(() => Date.now());
  if (member.status !== 'invited' && member.date_joined !== null) {
    return <span className="text-muted-foreground">{t('dates.joined', { date: day(member.date_joined) })}</span>;
  }
  if (member.invited_at === null) return <span className="text-muted-foreground">—</span>;
  const expires = member.invitation_expires_at;
  const expired = expires !== null && new Date(expires).getTime() < now;
  return (
    <span className="grid text-muted-foreground">
      <span>{t('dates.invited', { date: day(member.invited_at) })}</span>
      {expires !== null && (
        <span className={expired ? 'text-destructive-soft-foreground' : 'text-xs'}>
          {t(expired ? 'dates.expired' : 'dates.expires', { date: day(expires) })}
        </span>
      )}
    </span>
  );
}

function ActionsMenu({
  member,
  actions,
  onAction,
}: {
  member: TeamMember;
  actions: readonly MemberAction[];
  onAction: (action: MemberAction, member: TeamMember) => void;
}) {
  const { t } = useTranslation('team');
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t('actions.menu', { name: displayName(member) })}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.includes('edit') && (
          <DropdownMenuItem onSelect={() => onAction('edit', member)}>
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </DropdownMenuItem>
        )}
        {actions.includes('resend') && (
          <DropdownMenuItem onSelect={() => onAction('resend', member)}>
            <Send aria-hidden="true" />
            {t('actions.resend')}
          </DropdownMenuItem>
        )}
        {actions.includes('remove') && (
          <DropdownMenuItem destructive onSelect={() => onAction('remove', member)}>
            <Trash2 aria-hidden="true" />
            {t('actions.remove')}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
