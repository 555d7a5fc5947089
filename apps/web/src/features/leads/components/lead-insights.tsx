import { COMPANY_SIZES } from '@leadcapture/contracts/constants';
import type { Event } from '@leadcapture/contracts/events';
import { MailCheck, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { Lead } from '../api/leads.ts';
import { LeadFileAnswer } from './lead-file-answer.tsx';
import { daysBetween } from './lead-name.ts';
import { ScoreBreakdown } from './lead-score.tsx';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(7rem,40%)_1fr] gap-3 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-foreground">{children}</dd>
    </div>
  );
}

/**
 * What is known about where the lead came from and how warm it is (spec 01 §2 "insights"): the
 * score factor by factor, source and event, days since capture, the visitor's attribution (UTM,
 * referrer) and the consent they gave.
 */
export function LeadInsights({ lead, event }: { lead: Lead; event: Pick<Event, 'id' | 'name'> | null }) {
  const { t, i18n } = useTranslation(['leads', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const days = daysBetween(lead.created_at);
  const attribution = UTM_KEYS.filter((key) => (lead.attribution[key] ?? '') !== '');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('insights.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 pt-3">
        <section aria-labelledby="insights-score" className="grid gap-2">
          <h3 id="insights-score" className="flex items-baseline justify-between text-sm font-semibold text-foreground">
            {t('insights.score')}
            <span className="text-2xl font-semibold tabular-nums">{formatNumber(lead.score, language)}</span>
          </h3>
          <ScoreBreakdown leadId={lead.id} />
        </section>

        <section aria-labelledby="insights-origin">
          <h3 id="insights-origin" className="text-sm font-semibold text-foreground">
            {t('insights.origin')}
          </h3>
          <dl className="mt-1 divide-y divide-border">
            <Row label={t('fields.source')}>{t(`common:leadSource.${lead.source}`)}</Row>
            <Row label={t('fields.event')}>
              {event === null ? (
                lead.event === null ? (
                  t('insights.noEvent')
                ) : (
                  <Link
                    to={lp(`/events/${lead.event}`)}
                    className="text-primary-soft-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:min-w-11 max-sm:items-center"
                  >
                    {t('list.unknownEvent')}
                  </Link>
                )
              ) : (
                <Link
                  to={lp(`/events/${event.id}`)}
                  className="text-primary-soft-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:min-w-11 max-sm:items-center"
                >
                  {event.name}
                </Link>
              )}
            </Row>
            <Row label={t('insights.captured')}>
              <time dateTime={lead.created_at}>{formatDate(lead.created_at, language, 'PPp')}</time>
              <span className="block text-xs text-muted-foreground">{t('insights.daysAgo', { count: days })}</span>
            </Row>
            {attribution.map((key) => (
              <Row key={key} label={t(`insights.attribution.${key}`)}>
                {lead.attribution[key]}
              </Row>
            ))}
          </dl>
          {attribution.length === 0 && (
            <p className="mt-1 text-xs text-muted-foreground">{t('insights.noAttribution')}</p>
          )}
        </section>

        <section aria-labelledby="insights-consent" className="grid gap-2">
          <h3 id="insights-consent" className="text-sm font-semibold text-foreground">
            {t('insights.consent')}
          </h3>
          {lead.consent_given_at === null ? (
            <p className="text-sm text-muted-foreground">{t('insights.noConsent')}</p>
          ) : (
            <div className="grid gap-1.5 text-sm">
              <p className="flex items-center gap-1.5 font-medium text-foreground">
                <ShieldCheck aria-hidden="true" className="size-4 text-success-soft-foreground" />
                {t('insights.consentGiven', { date: formatDate(lead.consent_given_at, language, 'PPp') })}
              </p>
              {lead.consent_text !== '' && (
                <blockquote className="border-l-2 border-border pl-3 text-muted-foreground">
                  {lead.consent_text}
                </blockquote>
              )}
            </div>
          )}
          <p className="flex items-center gap-1.5 text-sm">
            <MailCheck aria-hidden="true" className="size-4 text-muted-foreground" />
            {lead.email_verified ? (
              <Badge variant="success">{t('insights.emailVerified')}</Badge>
            ) : (
              <span className="text-muted-foreground">{t('insights.emailNotVerified')}</span>
            )}
          </p>
        </section>
      </CardContent>
    </Card>
  );
}

const isCompanySize = (v: string): v is (typeof COMPANY_SIZES)[number] =>
  (COMPANY_SIZES as readonly string[]).includes(v);

/** Contact and qualification facts, plus the answers to the event's own questions. */
export function LeadDetails({ lead, event }: { lead: Lead; event: Pick<Event, 'form_fields'> | null }) {
  const { t } = useTranslation('leads');
  const labels = new Map((event?.form_fields ?? []).map((f) => [f.id, f.label]));
  const fileFields = new Set((event?.form_fields ?? []).filter((f) => f.type === 'file').map((f) => f.id));
  const answers = Object.entries(lead.custom_fields);
  const none = <span className="text-muted-foreground">—</span>;
  const answer = (value: unknown) =>
    Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? value
          ? t('details.yes')
          : t('details.no')
        : String(value);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('details.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-3">
        <dl className="divide-y divide-border">
          <Row label={t('fields.email')}>
            {lead.email === '' ? (
              none
            ) : (
              <a
                href={`mailto:${lead.email}`}
                className="text-primary-soft-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:min-w-11 max-sm:items-center"
              >
                {lead.email}
              </a>
            )}
          </Row>
          <Row label={t('fields.phone')}>
            {lead.phone === '' ? (
              none
            ) : (
              <a
                href={`tel:${lead.phone}`}
                className="text-primary-soft-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:min-w-11 max-sm:items-center"
              >
                {lead.phone}
              </a>
            )}
          </Row>
          <Row label={t('fields.company')}>{lead.company || none}</Row>
          <Row label={t('fields.job_title')}>{lead.job_title || none}</Row>
          <Row label={t('fields.company_size')}>
            {isCompanySize(lead.company_size) ? t(`companySize.${lead.company_size}`) : lead.company_size || none}
          </Row>
          <Row label={t('fields.budget_range')}>{t(`budget.${lead.budget_range}`)}</Row>
          <Row label={t('fields.decision_timeline')}>{t(`decisionTimeline.${lead.decision_timeline}`)}</Row>
          <Row label={t('fields.decision_role')}>{t(`role.${lead.decision_role}`)}</Row>
          <Row label={t('fields.interested_products')}>
            {lead.interested_products.length === 0 ? none : lead.interested_products.join(', ')}
          </Row>
          <Row label={t('fields.tags')}>
            {lead.tags.length === 0 ? (
              none
            ) : (
              <span className="flex flex-wrap gap-1">
                {lead.tags.map((tag) => (
                  <Badge key={tag}>{tag}</Badge>
                ))}
              </span>
            )}
          </Row>
          {lead.notes !== '' && (
            <Row label={t('fields.notes')}>
              <span className="whitespace-pre-line">{lead.notes}</span>
            </Row>
          )}
          {answers.map(([id, value]) => (
            <Row key={id} label={labels.get(id) ?? id}>
              {fileFields.has(id) && typeof value === 'string' && value !== '' ? (
                <LeadFileAnswer fileId={value} />
              ) : (
                answer(value)
              )}
            </Row>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
