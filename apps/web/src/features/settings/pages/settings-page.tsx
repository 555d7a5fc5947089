import { ArrowRight, Building2, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

type HubCard = { to: string; icon: LucideIcon; title: string; body: string };

/**
 * The settings hub (spec 01 §2). It lists the settings pages that exist; billing, integrations,
 * notifications and API keys add their card here when they are built.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { lp } = useLocalizedPath();
  const cards: HubCard[] = [
    { to: '/settings/profile', icon: UserRound, title: t('hub.profile.title'), body: t('hub.profile.body') },
    {
      to: '/settings/organization',
      icon: Building2,
      title: t('hub.organization.title'),
      body: t('hub.organization.body'),
    },
  ];
  return (
    <div className="grid gap-8">
      <PageHeader title={t('hub.title')} description={t('hub.description')} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {cards.map(({ to, icon: Icon, title, body }) => (
          <li key={to}>
            <Link
              to={lp(to)}
              className="group flex h-full gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="grid flex-1 gap-1">
                <span className="flex items-center justify-between gap-2 font-semibold text-foreground">
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="text-sm text-muted-foreground">{body}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
