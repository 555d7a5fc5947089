import type { EventAnalytics } from '@leadcapture/contracts/events';
import { Eye, Percent, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { QueryLoading } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** Conversion arrives in percent with one decimal (12.5); Intl wants a fraction. */
export function formatConversion(rate: number, language: string): string {
  return formatNumber(rate / 100, language, { style: 'percent', maximumFractionDigits: 1 });
}

/**
 * The event's three figures since it was created (analytics `all_time`): leads, page views and
 * conversion. Before the analytics answer the leads count comes from the event itself.
 */
export function EventQuickStats({
  analytics,
  leadsCaptured,
  failed,
}: {
  analytics: EventAnalytics | undefined;
  leadsCaptured: number;
  /** The analytics call failed: show a dash instead of an endless skeleton. */
  failed: boolean;
}) {
  const { t, i18n } = useTranslation('events');
  const language = i18n.language;
  const all = analytics?.all_time;
  const loading = all === undefined && !failed;
  const unknown = t('detail.stats.unknown');
  return (
    <section aria-label={t('detail.stats.label')} className="grid grid-cols-3 gap-2 sm:gap-4">
      <Stat
        icon={Users}
        label={t('detail.stats.leads')}
        value={formatNumber(all?.submissions ?? leadsCaptured, language)}
        loading={false}
      />
      <Stat
        icon={Eye}
        label={t('detail.stats.pageViews')}
        value={all === undefined ? unknown : formatNumber(all.page_views, language)}
        loading={loading}
      />
      <Stat
        icon={Percent}
        label={t('detail.stats.conversion')}
        value={all === undefined ? unknown : formatConversion(all.conversion_rate, language)}
        loading={loading}
      />
      <p className="col-span-3 text-xs text-muted-foreground">{t('detail.stats.allTime')}</p>
    </section>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  loading,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  loading: boolean;
}) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5">
      {/* Three across even on a phone: the icon gives way there. */}
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        {loading ? (
          <QueryLoading className="mt-1">
            <Skeleton className="h-7 w-12 sm:w-16" />
          </QueryLoading>
        ) : (
          <p className="text-xl font-semibold tracking-tight text-foreground tabular-nums sm:text-2xl">{value}</p>
        )}
      </div>
    </Card>
  );
}
