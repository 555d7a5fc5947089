import { ArrowRight, Building2, CalendarDays, MailCheck, MailWarning, Rocket, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/api/me.ts';

/**
 * The dashboard ("Lobby", spec 01 §2). Only what the API serves today: the user, the organisation
 * and the next steps. The dashboard issue adds the stat cards, recent leads and upcoming events
 * once those endpoints exist, rather than showing made-up numbers now.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const { lp } = useLocalizedPath();
  const me = useCurrentUser();
  const organization = me.current_organization;

  const steps = [
    { to: '/onboarding', icon: Rocket, title: t('nextSteps.setup.title'), body: t('nextSteps.setup.body') },
    {
      to: '/settings/profile',
      icon: UserRound,
      title: t('nextSteps.profile.title'),
      body: t('nextSteps.profile.body'),
    },
    {
      to: '/settings/organization',
      icon: Building2,
      title: t('nextSteps.organization.title'),
      body: t('nextSteps.organization.body'),
    },
  ];

  return (
    <div className="grid gap-8">
      <PageHeader
        eyebrow={organization?.name}
        title={me.first_name === '' ? t('welcomeAnonymous') : t('welcome', { name: me.first_name })}
        description={t('intro')}
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('nextSteps.title')}</CardTitle>
            <CardDescription>{t('nextSteps.description')}</CardDescription>
          </CardHeader>
          <CardContent className="pt-4">
            <ul className="grid gap-3">
              {steps.map(({ to, icon: Icon, title, body }) => (
                <li key={to}>
                  <Link
                    to={lp(to)}
                    className="group flex items-center gap-4 rounded-xl border border-border p-4 transition-colors hover:border-primary/40 hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="text-sm font-semibold text-foreground">{title}</span>
                      <span className="text-sm text-muted-foreground">{body}</span>
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('account.title')}</CardTitle>
          </CardHeader>
          <CardContent className="pt-4">
            <dl className="grid gap-4 text-sm">
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t('account.organization')}</dt>
                <dd className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  {organization?.name ?? '—'}
                  {organization !== null && <Badge variant="primary">{t(`common:roles.${organization.role}`)}</Badge>}
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t('account.email')}</dt>
                <dd className="grid gap-1.5 font-medium break-all text-foreground">
                  {me.email}
                  <span>
                    {me.email_verified ? (
                      <Badge variant="success">
                        <MailCheck aria-hidden="true" className="size-3.5" />
                        {t('account.verified')}
                      </Badge>
                    ) : (
                      <Badge variant="warning">
                        <MailWarning aria-hidden="true" className="size-3.5" />
                        {t('account.unverified')}
                      </Badge>
                    )}
                  </span>
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t('account.memberSince')}</dt>
                <dd className="flex items-center gap-2 font-medium text-foreground">
                  <CalendarDays aria-hidden="true" className="size-4 text-muted-foreground" />
                  <time dateTime={me.date_joined}>{formatDate(me.date_joined, i18n.language)}</time>
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
