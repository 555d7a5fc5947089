import { RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Only same-site paths are followed back, never an address another site put in the link. */
function safeReturnPath(from: string | null): string | null {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/**
 * /offline (spec 02 §5, no layout): shown when a page cannot be reached without a network.
 * It says whether the device is back online, and returns to the page the visitor wanted
 * (`?from=`) by itself as soon as the connection comes back.
 */
export function OfflinePage() {
  const { t } = useTranslation('support');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const from = safeReturnPath(params.get('from'));

  useEffect(() => {
    if (online && from) void navigate(from, { replace: true });
  }, [online, from, navigate]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-16">
      <div className="grid max-w-md justify-items-center gap-5 text-center">
        <span
          className={
            online
              ? 'flex size-16 items-center justify-center rounded-full bg-info-soft text-info-soft-foreground'
              : 'flex size-16 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground'
          }
        >
          {online ? <Wifi aria-hidden="true" className="size-8" /> : <WifiOff aria-hidden="true" className="size-8" />}
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
          {online ? t('offline.titleOnline') : t('offline.title')}
        </h1>
        <p className="text-pretty text-muted-foreground">{online ? t('offline.bodyOnline') : t('offline.body')}</p>
        <p role="status" className="text-sm font-medium text-foreground">
          {online ? t('offline.backOnline') : t('offline.stillOffline')}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => (from ? void navigate(from) : window.location.reload())}>
            <RefreshCw aria-hidden="true" />
            {t('offline.retry')}
          </Button>
          <Button asChild variant="outline">
            <Link to={lp('/')}>{t('offline.home')}</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
