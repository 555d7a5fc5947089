import {
  ArrowRight,
  Bell,
  Building2,
  CreditCard,
  KeyRound,
  Plug,
  ScrollText,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { HelpLink } from '../../help/api/help-link.tsx';

type HubKey = 'profile' | 'organization' | 'integrations' | 'billing' | 'notifications' | 'apiKeys' | 'auditLog';
type HubCard = { key: HubKey; to?: string; icon: LucideIcon };

/**
 * The settings hub (spec 01 §2): each card links to its page. A card without `to` (a page not
 * built yet) says so and links nowhere, as a link to a 404 would be a dead end.
 */
const cards: HubCard[] = [
  { key: 'profile', to: '/settings/profile', icon: UserRound },
  { key: 'organization', to: '/settings/organization', icon: Building2 },
  { key: 'integrations', to: '/settings/integrations', icon: Plug },
  { key: 'billing', to: '/settings/billing', icon: CreditCard },
  { key: 'notifications', to: '/settings/notifications', icon: Bell },
  { key: 'apiKeys', to: '/settings/api-keys', icon: KeyRound },
  { key: 'auditLog', to: '/settings/audit-log', icon: ScrollText },
];

const cardClass = 'flex h-full gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { lp } = useLocalizedPath();
  return (
    <div className="grid gap-8">
      <PageHeader title={t('hub.title')} description={t('hub.description')} actions={<HelpLink />} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {cards.map(({ key, to, icon: Icon }) => {
          const icon = (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
          );
          const body = <span className="text-sm text-muted-foreground">{t(`hub.${key}.body`)}</span>;
          return (
            <li key={key}>
              {to === undefined ? (
                <div className={cardClass}>
                  {icon}
                  <span className="grid flex-1 gap-1">
                    <span className="flex flex-wrap items-center justify-between gap-2 font-semibold text-foreground">
                      <span className="text-foreground">{t(`hub.${key}.title`)}</span>
                      <Badge>{t('hub.notAvailable')}</Badge>
                    </span>
                    {body}
                  </span>
                </div>
              ) : (
                <Link
                  to={lp(to)}
                  className={`group ${cardClass} transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
                >
                  {icon}
                  <span className="grid flex-1 gap-1">
                    <span className="flex items-center justify-between gap-2 font-semibold text-foreground">
                      {t(`hub.${key}.title`)}
                      <ArrowRight
                        aria-hidden="true"
                        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      />
                    </span>
                    {body}
                  </span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
