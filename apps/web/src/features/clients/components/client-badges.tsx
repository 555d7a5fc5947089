import type { ClientPriority, ClientStatus } from '@leadcapture/contracts/clients';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

type Variant = 'success' | 'info' | 'neutral' | 'warning' | 'danger' | 'primary';

const STATUS_VARIANT: Record<ClientStatus, Variant> = {
  active: 'success',
  inactive: 'neutral',
  prospecting: 'info',
  onboarding: 'primary',
  at_risk: 'warning',
  churned: 'danger',
};

/** A client's status, the same colour in the list, the cards and the profile. */
export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation('clients');
  return <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}

const PRIORITY_VARIANT: Record<ClientPriority, Variant> = { high: 'danger', medium: 'warning', low: 'neutral' };

export function ClientPriorityBadge({ priority }: { priority: ClientPriority }) {
  const { t } = useTranslation('clients');
  return (
    <Badge variant={PRIORITY_VARIANT[priority]}>
      <span className="sr-only">{t('fields.priority')}: </span>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
