import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSystemStatus, type SystemStatus } from '../api/get-status.ts';
import { splitUptime, uptimeUnit } from './uptime.ts';

type Result = { kind: 'ready'; status: SystemStatus } | { kind: 'error' };

/** Fetches GET /api/v1/status/ and shows what the server reports about itself. */
export function StatusCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [result, setResult] = useState<Result | null>(null);
  const [pending, setPending] = useState(true);
  // Bumping this re-runs the effect; the effect owns the request so it can abort it.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSystemStatus(controller.signal)
      .then(
        (status): Result => ({ kind: 'ready', status }),
        // The user gets one translated message whatever went wrong: the cause (offline,
        // error envelope, bad shape) is visible in the network panel for whoever debugs it.
        (): Result => ({ kind: 'error' }),
      )
      .then((next) => {
        // A response that arrives after unmount or after a newer request started is stale.
        if (controller.signal.aborted) return;
        setResult(next);
        setPending(false);
      });
    return () => {
      controller.abort();
    };
  }, [attempt]);

  function refresh(): void {
    setPending(true);
    setAttempt((n) => n + 1);
  }

  function formatUptime(seconds: number): string {
    const parts = splitUptime(seconds);
    return t(`status.uptimeValue.${uptimeUnit(parts)}`, parts);
  }

  function formatTime(iso: string): string {
    return new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(iso));
  }

  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg shadow-slate-900/5 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/20"
    >
      <div className="px-5 pt-5 pb-4 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
            {t('status.title')}
          </h2>
          <StatusBadge state={result === null ? 'loading' : result.kind} />
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('status.description')}</p>
      </div>

      {/* Announces the outcome of each check to screen readers without moving focus. */}
      <div aria-live="polite" aria-busy={pending} className="border-t border-slate-200 dark:border-slate-800">
        {result === null && <StatusSkeleton labels={[t('status.version'), t('status.database'), t('status.uptime')]} />}

        {result?.kind === 'error' && (
          <div className="px-5 py-5 sm:px-6">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('status.error')}</p>
            <button
              type="button"
              onClick={refresh}
              disabled={pending}
              className="mt-4 inline-flex items-center rounded-lg bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-60 dark:bg-indigo-500 dark:hover:bg-indigo-400"
            >
              {pending ? t('status.refreshing') : t('status.retry')}
            </button>
          </div>
        )}

        {result?.kind === 'ready' && (
          <>
            <dl className="divide-y divide-slate-200 dark:divide-slate-800">
              <StatusRow label={t('status.version')}>{result.status.version}</StatusRow>
              <StatusRow label={t('status.database')}>{t(`status.databaseKind.${result.status.database}`)}</StatusRow>
              <StatusRow label={t('status.uptime')}>{formatUptime(result.status.uptime_seconds)}</StatusRow>
            </dl>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6 dark:border-slate-800 dark:bg-slate-950/40">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                <time dateTime={result.status.time}>
                  {t('status.checkedAt', { time: formatTime(result.status.time) })}
                </time>
              </p>
              <button
                type="button"
                onClick={refresh}
                disabled={pending}
                className="-mr-2.5 inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 transition-colors hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-60 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
              >
                <RefreshIcon spinning={pending} />
                {pending ? t('status.refreshing') : t('status.refresh')}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

type BadgeState = 'loading' | 'ready' | 'error';

const badgeStyles: Record<BadgeState, { pill: string; dot: string }> = {
  loading: {
    pill: 'bg-slate-100 text-slate-700 ring-slate-300/60 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
    dot: 'bg-slate-400 motion-safe:animate-pulse',
  },
  ready: {
    pill: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    dot: 'bg-emerald-500',
  },
  error: {
    pill: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25',
    dot: 'bg-red-500',
  },
};

function StatusBadge({ state }: { state: BadgeState }) {
  const { t } = useTranslation();
  const label = { loading: t('status.loading'), ready: t('status.operational'), error: t('status.unavailable') }[state];
  const style = badgeStyles[state];
  return (
    <p
      className={`inline-flex shrink-0 items-center gap-2 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${style.pill}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${style.dot}`} />
      {label}
    </p>
  );
}

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 px-5 py-3.5 sm:px-6">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right text-sm font-medium text-slate-900 tabular-nums dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** Keeps the card's height while loading so the page does not jump when the answer arrives. */
function StatusSkeleton({ labels }: { labels: string[] }) {
  return (
    <dl className="divide-y divide-slate-200 dark:divide-slate-800">
      {labels.map((label) => (
        <div key={label} className="flex items-center justify-between gap-4 px-5 py-3.5 sm:px-6">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="h-4 w-24 rounded bg-slate-200 motion-safe:animate-pulse dark:bg-slate-800" />
        </div>
      ))}
    </dl>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`size-4 ${spinning ? 'motion-safe:animate-spin' : ''}`}
    >
      <path d="M16.5 10a6.5 6.5 0 1 1-1.9-4.6" />
      <path d="M16.5 3.5v3h-3" />
    </svg>
  );
}
