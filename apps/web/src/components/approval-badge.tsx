import type { ApprovalStatus } from '@leadcapture/contracts/constants';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from './ui/badge.tsx';

/**
 * A lead's approval state where lists show leads (the leads list, an event's or offer's leads,
 * the Lobby): a pending lead must not look like one the team already works. Approved leads,
 * the ordinary case, show nothing.
 */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  if (status === 'approved') return null;
  return (
    <Badge variant={status === 'pending' ? 'warning' : 'danger'}>
      {status === 'pending' && <Clock aria-hidden="true" className="size-3" />}
      {t(`approvalStatus.${status}`)}
    </Badge>
  );
}
