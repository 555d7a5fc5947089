import type { EventStatus } from '@leadcapture/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from './ui/badge.tsx';

const VARIANT: Record<EventStatus, 'success' | 'info' | 'neutral' | 'warning' | 'danger' | 'primary'> = {
  active: 'success',
  upcoming: 'info',
  completed: 'neutral',
  draft: 'warning',
  inactive: 'neutral',
  cancelled: 'danger',
};

/** An event's status as shown everywhere (Lobby, events list, event page). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`eventStatus.${status}`)}</Badge>;
}
