import type { TeamMemberStatus } from '@leadcapture/contracts/team';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

const VARIANT = { joined: 'success', invited: 'info', inactive: 'neutral' } as const;

/** A member's status, the same colour in the table and the phone cards. */
export function MemberStatusBadge({ status }: { status: TeamMemberStatus }) {
  const { t } = useTranslation('team');
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
