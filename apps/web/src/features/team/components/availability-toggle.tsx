import type { Role } from '@leadcapture/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetAvailability, type TeamMember } from '../api/team.ts';

/** Members set their own availability; owners and admins anyone's (the server checks the same). */
export function canSetAvailability(member: TeamMember, myRole: Role | undefined, myUserId: string): boolean {
  if (member.status === 'invited') return false;
  return member.user_id === myUserId || myRole === 'owner' || myRole === 'admin';
}

/**
 * Whether the member takes automatically assigned leads (an event's round robin skips those who
 * do not; docs/leads-scoring.md): a switch for whoever may change it, a badge for the others.
 */
export function AvailabilityToggle({
  member,
  myRole,
  myUserId,
}: {
  member: TeamMember;
  myRole: Role | undefined;
  myUserId: string;
}) {
  const { t } = useTranslation('team');
  const set = useSetAvailability();
  if (member.status === 'invited') return <span className="text-muted-foreground">—</span>;
  if (!canSetAvailability(member, myRole, myUserId)) {
    return (
      <Badge variant={member.available ? 'success' : 'neutral'}>
        {member.available ? t('availability.available') : t('availability.away')}
      </Badge>
    );
  }
  const toggle = async () => {
    try {
      await set.mutateAsync({ id: member.id, available: !member.available });
      toast.success(member.available ? t('availability.nowAway') : t('availability.nowAvailable'));
    } catch (error) {
      if (!isHandledGlobally(error)) toast.error(t('availability.failed'));
    }
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={member.available}
      aria-label={t('availability.label', { name: member.name.trim() || member.email })}
      disabled={set.isPending}
      onClick={() => void toggle()}
      className="group inline-flex cursor-pointer items-center gap-2 rounded-full text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-muted ring-1 ring-input ring-inset transition-colors group-aria-checked:bg-primary"
      >
        <span className="absolute left-0.5 size-4 rounded-full bg-card shadow-sm transition-transform group-aria-checked:translate-x-4" />
      </span>
      <span className="text-foreground">{member.available ? t('availability.available') : t('availability.away')}</span>
    </button>
  );
}
