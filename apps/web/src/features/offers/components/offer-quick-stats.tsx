import { Eye, Percent, Send, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useOfferStats, type Offer } from '../api/offers.ts';
import { conversionRate, formatConversion } from './offer-figures.ts';

/**
 * The offer's three figures since it was created (`/offers/{id}/stats/` `all_time`). Until that
 * answers, or when it fails, the counts the offer itself carries stand in: they are the same
 * all-time figures, only as fresh as the offer's last load.
 */
export function OfferQuickStats({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('offers');
  const language = i18n.language;
  const stats = useOfferStats(offer.id);
  const all = stats.data?.all_time ?? {
    page_views: offer.page_views,
    submissions: offer.submissions,
    conversion_rate: conversionRate(offer.submissions, offer.page_views),
  };
  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-3 gap-2 sm:gap-4">
      <Stat icon={Eye} label={t('stats.views')} value={formatNumber(all.page_views, language)} />
      <Stat icon={Send} label={t('stats.submissions')} value={formatNumber(all.submissions, language)} />
      <Stat icon={Percent} label={t('stats.conversion')} value={formatConversion(all.conversion_rate, language)} />
      <p className="col-span-3 text-xs text-muted-foreground">{t('stats.allTime')}</p>
    </section>
  );
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5">
      {/* Three across even on a phone: the icon gives way there. */}
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <p className="text-xl font-semibold tracking-tight text-foreground tabular-nums sm:text-2xl">{value}</p>
      </div>
    </Card>
  );
}
