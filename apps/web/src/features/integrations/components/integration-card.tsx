import { INTEGRATION_CATALOGUE, type Integration, type IntegrationStatus } from '@leadcapture/contracts/integrations';
import { AlertTriangle, KeyRound, RefreshCw, Send, Settings2, Unplug } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatRelative } from '../../../lib/format.ts';
import { useZapierHooks } from '../api/zapier-hooks.ts';
import { IntegrationMark } from './integration-mark.tsx';

const STATUS_VARIANT: Record<IntegrationStatus, 'neutral' | 'success' | 'primary' | 'danger' | 'warning'> = {
  available: 'neutral',
  connected: 'primary',
  active: 'success',
  error: 'danger',
  inactive: 'warning',
};

export interface CardActions {
  onConnect: () => void;
  onConfigure: () => void;
  onSync: () => void;
  onDisconnect: () => void;
  syncing: boolean;
}

/**
 * One kind on the integrations page: mark, name, what it does, its status, when it last synced
 * and why it stopped, and what the viewer may do with it. Zapier is connected from Zapier's side,
 * so its card explains how and shows the Zaps listening instead of a connect button.
 */
export function IntegrationCard({
  integration,
  canManage,
  actions,
}: {
  integration: Integration;
  canManage: boolean;
  actions: CardActions;
}) {
  const { t, i18n } = useTranslation('integrations');
  const { kind, name, status } = integration;
  const titleId = `integration-${kind}-title`;
  const connected = integration.id !== null && (status === 'connected' || status === 'active' || status === 'error');
  const chat = INTEGRATION_CATALOGUE[kind].category === 'chat';

  let controls: ReactNode = null;
  if (canManage && kind !== 'zapier') {
    controls = connected ? (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={actions.onConfigure} aria-label={t('card.configureFor', { name })}>
          <Settings2 aria-hidden="true" />
          {t('card.configure')}
        </Button>
        {status !== 'error' && (
          <Button
            variant="outline"
            size="sm"
            loading={actions.syncing}
            onClick={actions.onSync}
            aria-label={t(chat ? 'card.testMessageFor' : 'card.syncNowFor', { name })}
          >
            {chat ? <Send aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
            {t(chat ? 'card.testMessage' : 'card.syncNow')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={actions.onDisconnect} aria-label={t('card.disconnectFor', { name })}>
          <Unplug aria-hidden="true" />
          {t('card.disconnect')}
        </Button>
      </div>
    ) : (
      <Button size="sm" onClick={actions.onConnect} aria-label={t('card.connectFor', { name })}>
        {t('card.connect')}
      </Button>
    );
  }

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm"
      >
        <div className="flex items-start gap-3">
          <IntegrationMark kind={kind} />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={titleId} className="font-semibold text-foreground">
                {name}
              </h3>
              <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>
            </div>
            <p className="text-xs font-medium text-muted-foreground">
              {t(`categories.${INTEGRATION_CATALOGUE[kind].category}`)}
            </p>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{t(`kinds.${kind}`)}</p>
        {kind === 'zapier' ? (
          <ZapierDetails />
        ) : (
          connected && (
            <p className="text-sm text-muted-foreground">
              {integration.last_synced_at !== null
                ? t('card.lastSynced', { when: formatRelative(integration.last_synced_at, i18n.language) })
                : t('card.neverSynced')}
              {!chat &&
                integration.synced_leads > 0 &&
                ` · ${t('card.syncedLeads', { count: integration.synced_leads })}`}
            </p>
          )
        )}
        {integration.error !== null && status === 'error' && (
          <p
            role="note"
            className="flex gap-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="break-words">{t('card.errorReason', { reason: integration.error })}</span>
          </p>
        )}
        {controls !== null && <div className="mt-auto">{controls}</div>}
      </article>
    </li>
  );
}

function ZapierDetails() {
  const { t, i18n } = useTranslation('integrations');
  const { lp } = useLocalizedPath();
  const hooks = useZapierHooks();
  const last = hooks.data?.results
    .map((h) => h.last_delivered_at)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  return (
    <div className="grid gap-2 text-sm text-muted-foreground">
      <p>{t('zapier.howTo')}</p>
      {hooks.isError ? (
        <p>{t('zapier.hooksFailed')}</p>
      ) : (
        hooks.data !== undefined && (
          <p className="text-foreground">
            {t('zapier.hooks', { count: hooks.data.count })}
            {last !== undefined && ` ${t('zapier.lastDelivered', { when: formatRelative(last, i18n.language) })}`}
          </p>
        )
      )}
      <Button asChild variant="outline" size="sm" className="mt-auto w-fit">
        <Link to={lp('/settings/api-keys')}>
          <KeyRound aria-hidden="true" />
          {t('zapier.apiKeysLink')}
        </Link>
      </Button>
    </div>
  );
}
