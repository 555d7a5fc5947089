import { BellRing, Download, RefreshCw, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { applyUpdate } from '../../../lib/pwa/register.ts';
import { dismissInstall, getPwaState, promptInstall, subscribePwaState } from '../../../lib/pwa/pwa-state.ts';
import { subscribeToPush, type PushOutcome } from '../api/push.ts';

/** Spec 02 §4: the push prompt appears ten seconds after start, never at load. */
export const PUSH_PROMPT_DELAY_MS = 10_000;
const PUSH_DISMISSED_KEY = 'leadcapture-push-prompt-dismissed';

function pushAskable(): boolean {
  return (
    'Notification' in window &&
    'PushManager' in window &&
    Notification.permission === 'default' &&
    localStorage.getItem(PUSH_DISMISSED_KEY) === null
  );
}

const card =
  'fixed inset-x-3 bottom-3 z-40 grid gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96';

/**
 * The installable app's prompts in the signed-in shell (spec 02 §4): a new version waiting, the
 * install offer (installing, installed, dismissed) and, ten seconds after start, the push card
 * whose button asks the browser. One at a time, the update first.
 */
export function PwaPrompts() {
  const { t } = useTranslation('common');
  const state = useSyncExternalStore(subscribePwaState, getPwaState, getPwaState);
  const [pushShown, setPushShown] = useState(false);
  const [push, setPush] = useState<PushOutcome | 'asking' | 'failed' | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setPushShown(pushAskable()), PUSH_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (state.updateWaiting) {
    return (
      <div role="status" className={card}>
        <p className="font-medium">{t('pwa.updateReady')}</p>
        <Button onClick={applyUpdate}>
          <RefreshCw aria-hidden="true" />
          {t('pwa.reload')}
        </Button>
      </div>
    );
  }

  const closePush = () => {
    localStorage.setItem(PUSH_DISMISSED_KEY, new Date().toISOString());
    setPushShown(false);
  };

  if (pushShown && push !== 'subscribed') {
    return (
      <section aria-labelledby="push-prompt-title" className={card}>
        <div className="flex items-start gap-3">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="grid gap-1">
            <h2 id="push-prompt-title" className="font-semibold">
              {t('pwa.push.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('pwa.push.body')}</p>
          </div>
        </div>
        {push === 'denied' && (
          <p role="alert" className="text-sm">
            {t('pwa.push.denied')}
          </p>
        )}
        {push === 'failed' && (
          <p role="alert" className="text-sm">
            {t('pwa.push.failed')}
          </p>
        )}
        {push === 'unsupported' && (
          <p role="alert" className="text-sm">
            {t('pwa.push.unsupported')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {push !== 'denied' && push !== 'unsupported' && (
            <Button
              disabled={push === 'asking'}
              onClick={() => {
                setPush('asking');
                subscribeToPush().then(setPush, () => setPush('failed'));
              }}
            >
              {t('pwa.push.allow')}
            </Button>
          )}
          <Button variant="outline" onClick={closePush}>
            {push === 'denied' || push === 'unsupported' ? t('pwa.close') : t('pwa.push.later')}
          </Button>
        </div>
      </section>
    );
  }

  if (state.install === 'available' || state.install === 'installing') {
    return (
      <section aria-labelledby="install-prompt-title" className={card}>
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="install-prompt-title" className="font-semibold">
              {t('pwa.install.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('pwa.install.body')}</p>
          </div>
          <Button variant="ghost" size="icon" aria-label={t('pwa.install.dismiss')} onClick={dismissInstall}>
            <X aria-hidden="true" />
          </Button>
        </div>
        <Button disabled={state.install === 'installing'} onClick={() => void promptInstall()}>
          <Download aria-hidden="true" />
          {state.install === 'installing' ? t('pwa.install.installing') : t('pwa.install.action')}
        </Button>
      </section>
    );
  }
  return null;
}
