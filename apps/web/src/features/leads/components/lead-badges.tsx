import type { LeadInterest, LeadStatus } from '@leadcapture/contracts/constants';
import { Flame, Snowflake, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

type Variant = 'success' | 'info' | 'neutral' | 'warning' | 'danger' | 'primary';

const STATUS_VARIANT: Record<LeadStatus, Variant> = {
  new: 'info',
  contacted: 'primary',
  qualified: 'success',
  unqualified: 'neutral',
  converted: 'success',
  lost: 'danger',
  demo_scheduled: 'primary',
  proposal_sent: 'primary',
  closed_won: 'success',
  closed_lost: 'danger',
  nurturing: 'warning',
};

/** A lead's status, the same colour everywhere (list, cards, detail). */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const { t } = useTranslation('leads');
  return <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}

const INTEREST = {
  hot: { variant: 'danger', icon: Flame },
  warm: { variant: 'warning', icon: Sun },
  cold: { variant: 'info', icon: Snowflake },
} as const satisfies Record<LeadInterest, { variant: Variant; icon: typeof Flame }>;

/** Hot, warm or cold; nothing when the interest was not given. */
export function InterestBadge({ interest }: { interest: LeadInterest | null }) {
  const { t } = useTranslation('leads');
  if (interest === null) return null;
  const { variant, icon: Icon } = INTEREST[interest];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" className="size-3" />
      {t(`interest.${interest}`)}
    </Badge>
  );
}

/** Score bands for colour only: the number itself is always shown. */
export function scoreVariant(score: number): Variant {
  if (score >= 70) return 'success';
  if (score >= 40) return 'warning';
  return 'neutral';
}
