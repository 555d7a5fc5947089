import {
  INTEGRATION_CALLBACK_ERRORS,
  INTEGRATION_CATALOGUE,
  INTEGRATION_KINDS,
  type Integration,
  type IntegrationCallbackError,
} from '@leadcapture/contracts/integrations';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useIntegrationChanges, useIntegrations } from '../api/integrations.ts';
import { ConnectDialog } from '../components/connect-dialog.tsx';
import { IntegrationCard } from '../components/integration-card.tsx';
import { WebhooksSection } from '../components/webhooks-section.tsx';
import { HelpLink } from '../../help/api/help-link.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

type Open = { mode: 'connect' | 'configure' | 'disconnect'; integration: Integration } | null;

/**
 * /settings/integrations (spec 01 §2, issue 24): a card per tool with its status, last sync and
 * the reason it stopped; owners and admins connect, configure, sync now (a test message for chat
 * tools) and disconnect (confirmed). Failures are toasts (spec 01 §7); a connect past the plan's
 * integrations limit answers 402, which opens the paywall from the API client. Salesforce's
 * return (`?integration=salesforce&result=…`) is one toast, then the parameters go. The outgoing
 * webhooks section follows the tools.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const me = useCurrentUser();
  const role = me.current_organization?.role;
  const canManage = role === 'owner' || role === 'admin';
  const integrations = useIntegrations();
  const changes = useIntegrationChanges();
  const [open, setOpen] = useState<Open>(null);
  const [syncing, setSyncing] = useState<string | null>(null);
  useCallbackToast();

  const failure = (title: string, error: unknown) => {
    if (isHandledGlobally(error)) return;
    const reason = isApiError(error) && error.status < 500 && error.message !== '' ? error.message : undefined;
    toast.error(title, { message: reason });
  };

  const sync = (integration: Integration) => {
    const id = integration.id;
    if (id === null) return;
    const chat = INTEGRATION_CATALOGUE[integration.kind].category === 'chat';
    setSyncing(id);
    changes.sync.mutate(id, {
      onSuccess: () => toast.success(t(chat ? 'toast.testSent' : 'toast.syncQueued', { name: integration.name })),
      onError: (error) => failure(t('toast.syncFailed', { name: integration.name }), error),
      onSettled: () => setSyncing(null),
    });
  };

  const disconnect = (integration: Integration) => {
    const id = integration.id;
    if (id === null) return;
    changes.disconnect.mutate(id, {
      onSuccess: () => toast.success(t('toast.disconnected', { name: integration.name })),
      onError: (error) => failure(t('toast.disconnectFailed', { name: integration.name }), error),
      onSettled: () => setOpen(null),
    });
  };

  return (
    <div className="grid gap-8">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={<HelpLink category="integrations" article="connect-a-crm" />}
      />
      {!canManage && (
        <p role="note" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
          {t('page.readOnly')}
        </p>
      )}
      <section aria-labelledby="integrations-tools" className="grid gap-4">
        <h2 id="integrations-tools" className="text-lg font-semibold text-foreground">
          {t('page.toolsHeading')}
        </h2>
        <QueryState query={integrations} errorMessage={t('page.loadFailed')} rows={3}>
          {(list) => (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {ordered(list).map((integration) => (
                <IntegrationCard
                  key={integration.kind}
                  integration={integration}
                  canManage={canManage}
                  actions={{
                    onConnect: () => setOpen({ mode: 'connect', integration }),
                    onConfigure: () => setOpen({ mode: 'configure', integration }),
                    onSync: () => sync(integration),
                    onDisconnect: () => setOpen({ mode: 'disconnect', integration }),
                    syncing: syncing !== null && syncing === integration.id,
                  }}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </section>

      <WebhooksSection />

      {open !== null && open.mode !== 'disconnect' && (
        <ConnectDialog
          kind={open.integration.kind}
          name={open.integration.name}
          integration={open.mode === 'configure' ? open.integration : null}
          changes={changes}
          onClose={() => setOpen(null)}
        />
      )}
      {open !== null && open.mode === 'disconnect' && (
        <Modal
          open
          size="sm"
          onOpenChange={(next) => {
            if (!next) setOpen(null);
          }}
          title={t('disconnect.title', { name: open.integration.name })}
          description={t('disconnect.body', { name: open.integration.name })}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(null)}>
                {t('disconnect.keep')}
              </Button>
              <Button
                variant="destructive"
                loading={changes.disconnect.isPending}
                onClick={() => disconnect(open.integration)}
              >
                {t('disconnect.confirm')}
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}

/** The kinds in the contract's order, whatever order the list came in. */
function ordered(list: Integration[]): Integration[] {
  return INTEGRATION_KINDS.flatMap((kind) => list.filter((i) => i.kind === kind));
}

const isCallbackError = (value: string | null): value is IntegrationCallbackError =>
  value !== null && (INTEGRATION_CALLBACK_ERRORS as readonly string[]).includes(value);

/** Salesforce's return to this page: its toast once, and the parameters removed from the address. */
function useCallbackToast() {
  const { t } = useTranslation('integrations');
  const [params, setParams] = useAddressParams();
  const result = params.get('result');
  const error = params.get('error');
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (params.get('integration') === null || result === null) return;
    const key = `${result}:${error ?? ''}`;
    if (shown.current !== key) {
      shown.current = key;
      if (result === 'connected') toast.success(t('toast.callbackConnected'));
      else
        toast.error(t('toast.callbackFailed'), {
          message: isCallbackError(error) ? t(`toast.callbackReason.${error}`) : undefined,
        });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['integration', 'result', 'error']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [params, result, error, setParams, t]);
}
