import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_SOURCES, LEAD_STATUSES } from '@leadcapture/contracts/constants';
import { LEAD_LIMITS, logActivitySchema, type LeadActivityType } from '@leadcapture/contracts/leads';
import {
  ArrowRightLeft,
  BadgeCheck,
  CalendarClock,
  Gauge,
  GitMerge,
  Mail,
  Phone,
  RefreshCw,
  RotateCcw,
  Sparkles,
  StickyNote,
  Unlink,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useLeadActivities,
  useLogActivity,
  type LeadActivity,
  type LoggedActivityType,
} from '../api/lead-activities.ts';

const ICONS: Record<LeadActivityType, LucideIcon> = {
  note: StickyNote,
  call: Phone,
  email: Mail,
  meeting: Users,
  lead_created: Sparkles,
  status_changed: ArrowRightLeft,
  assigned: UserCheck,
  follow_up_scheduled: CalendarClock,
  score_changed: Gauge,
  captured_again: RefreshCw,
  merged: GitMerge,
  converted: BadgeCheck,
  client_deleted: Unlink,
  restored: RotateCcw,
};

const TONE: Partial<Record<LeadActivityType, string>> = {
  note: 'bg-warning-soft text-warning-soft-foreground',
  call: 'bg-success-soft text-success-soft-foreground',
  email: 'bg-info-soft text-info-soft-foreground',
  meeting: 'bg-primary-soft text-primary-soft-foreground',
  converted: 'bg-success-soft text-success-soft-foreground',
};

const LOGGED: readonly LoggedActivityType[] = ['call', 'email', 'meeting'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const isStatus = (v: string | null): v is (typeof LEAD_STATUSES)[number] =>
  v !== null && (LEAD_STATUSES as readonly string[]).includes(v);
const isSource = (v: string | null): v is (typeof LEAD_SOURCES)[number] =>
  v !== null && (LEAD_SOURCES as readonly string[]).includes(v);

/** One entry's headline from its type and facts ("Status changed from New to Contacted"). */
function useActivityTitle() {
  const { t, i18n } = useTranslation(['leads', 'common']);
  return (activity: LeadActivity): string => {
    const m = activity.metadata;
    switch (activity.type) {
      case 'status_changed': {
        const from = text(m.from);
        const to = text(m.to);
        if (isStatus(from) && isStatus(to))
          return t('timeline.statusChanged', { from: t(`status.${from}`), to: t(`status.${to}`) });
        return t('activityType.status_changed');
      }
      case 'assigned': {
        const name = text(m.to_name);
        if (name !== null) return t('timeline.assignedTo', { name });
        return m.to === null ? t('timeline.unassigned') : t('activityType.assigned');
      }
      case 'follow_up_scheduled': {
        const date = text(m.follow_up_date);
        return date === null
          ? t('timeline.followUpCleared')
          : t('timeline.followUpScheduled', { date: formatDate(date, i18n.language, 'PPp') });
      }
      case 'score_changed': {
        const from = num(m.from);
        const to = num(m.to);
        if (from === null || to === null) return t('activityType.score_changed');
        return m.manual === true
          ? t('timeline.scoreSetByHand', { from, to })
          : t('timeline.scoreChanged', { from, to });
      }
      case 'merged': {
        const name = text(m.source_name);
        const email = text(m.source_email);
        if (name === null && email === null) return t('activityType.merged');
        return email !== null && name !== null
          ? t('timeline.mergedWithEmail', { name, email })
          : t('timeline.mergedWith', { name: name ?? email });
      }
      case 'lead_created': {
        const source = text(m.source);
        return isSource(source)
          ? t('timeline.createdFrom', { source: t(`common:leadSource.${source}`) })
          : t('activityType.lead_created');
      }
      case 'converted': {
        const name = text(m.client_name);
        return name === null ? t('activityType.converted') : t('timeline.convertedTo', { name });
      }
      default:
        return t(`activityType.${activity.type}`);
    }
  };
}

/**
 * The lead's timeline (`GET /leads/{id}/activities/`, newest first): what people logged (notes,
 * calls, emails, meetings) and what happened (created, status, assignment, follow-up, score…),
 * each with who and when. Members log calls, emails and meetings from the form on top.
 */
export function LeadTimeline({ leadId, canWrite }: { leadId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const language = i18n.language;
  const activities = useLeadActivities(leadId);
  const title = useActivityTitle();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('timeline.title')}</CardTitle>
        <CardDescription>{t('timeline.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 pt-4">
        {canWrite && <LogActivityForm leadId={leadId} />}

        <QueryState
          query={activities}
          compact
          errorMessage={t('timeline.loadFailed')}
          loadingLabel={t('timeline.loading')}
          rows={3}
          rowClassName="h-12 w-full"
          className="gap-3"
          isEmpty={({ pages }) => pages.every((page) => page.results.length === 0)}
          empty={<p className="text-sm text-muted-foreground">{t('timeline.empty')}</p>}
        >
          {({ pages }) => (
            <ol
              className="relative grid gap-5 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border"
              aria-label={t('timeline.title')}
            >
              {pages
                .flatMap((page) => page.results)
                .map((activity) => {
                  const Icon = ICONS[activity.type];
                  return (
                    <li key={activity.id} className="relative flex gap-3">
                      <span
                        className={cn(
                          'z-10 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground ring-4 ring-card',
                          TONE[activity.type],
                        )}
                      >
                        <Icon aria-hidden="true" className="size-4" />
                      </span>
                      <div className="grid min-w-0 flex-1 gap-0.5 pt-1">
                        <p className="text-sm font-medium text-foreground">{title(activity)}</p>
                        {activity.description !== '' && (
                          <p className="text-sm whitespace-pre-line wrap-anywhere text-foreground/90">
                            {activity.description}
                          </p>
                        )}
                        <p className="text-xs text-muted-foreground">
                          {activity.user === null ? t('timeline.byProduct') : activity.user.name}
                          {' · '}
                          <time
                            dateTime={activity.created_at}
                            title={formatDate(activity.created_at, language, 'PPpp')}
                          >
                            {formatRelative(activity.created_at, language)}
                          </time>
                        </p>
                      </div>
                    </li>
                  );
                })}
            </ol>
          )}
        </QueryState>

        {activities.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-center"
            loading={activities.isFetchingNextPage}
            onClick={() => void activities.fetchNextPage()}
          >
            {t('timeline.older')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

type LogValues = { type: LoggedActivityType; description: string };

/** Log a call, email or meeting with what was said (`POST /leads/{id}/activities/`). */
function LogActivityForm({ leadId }: { leadId: string }) {
  const { t } = useTranslation('leads');
  const log = useLogActivity(leadId);
  const form = useForm<LogValues>({
    resolver: zodResolver(logActivitySchema),
    defaultValues: { type: 'call', description: '' },
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const onSubmit = form.handleSubmit((values) =>
    log.mutateAsync(values).then(
      () => {
        toast.success(t('timeline.logged', { type: t(`activityType.${values.type}`) }));
        form.reset({ type: values.type, description: '' });
      },
      (error: unknown) => {
        const unmatched = applyServerErrors(error, form.setError, ['type', 'description']);
        if (!isHandledGlobally(error) && (unmatched === null || unmatched.length > 0))
          toast.error(t('errors.logActivity'));
      },
    ),
  );

  return (
    <form
      noValidate
      className="grid gap-3 rounded-xl bg-muted/50 p-3"
      aria-label={t('timeline.logTitle')}
      onSubmit={(e) => void onSubmit(e)}
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('timeline.logType')}</legend>
        {LOGGED.map((value) => {
          const Icon = ICONS[value];
          return (
            <label
              key={value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-border bg-card px-3 py-1.5 text-sm font-medium text-muted-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                type === value && 'border-primary text-foreground ring-1 ring-primary',
              )}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('type')} />
              <Icon aria-hidden="true" className="size-4" />
              {t(`activityType.${value}`)}
            </label>
          );
        })}
      </fieldset>
      <FormField
        control={form.control}
        name="description"
        label={t('timeline.logDescription')}
        hideLabel
        render={(field) => (
          <Textarea
            rows={2}
            maxLength={LEAD_LIMITS.activityText}
            placeholder={t(`timeline.placeholder.${type}`)}
            {...field}
          />
        )}
      />
      <Button type="submit" size="sm" className="justify-self-end" loading={log.isPending}>
        {t('timeline.logSubmit')}
      </Button>
    </form>
  );
}
