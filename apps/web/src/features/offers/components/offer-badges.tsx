import type { OfferStatus } from '@leadcapture/contracts/offers';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

const VARIANT: Record<OfferStatus, 'success' | 'warning' | 'neutral'> = {
  active: 'success',
  draft: 'warning',
  archived: 'neutral',
};

/** An offer's status (Draft, Active, Archived). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation('offers');
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}

/** Whether visitors can open the page: a separate flag from the status (docs/offers.md). */
export function OfferPublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation('offers');
  return (
    <Badge variant={published ? 'primary' : 'neutral'}>{published ? t('published.yes') : t('published.no')}</Badge>
  );
}
