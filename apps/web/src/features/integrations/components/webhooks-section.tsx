import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { Role } from '@leadcapture/contracts/constants';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from '@leadcapture/contracts/webhooks';
import { History, KeyRound, Pencil, Plus, Send, ShieldAlert, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { formatRelative } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useWebhookChanges, useWebhooks } from '../api/webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

/** Owners and admins manage webhooks; the API answers everyone else 403. */
export function canManageWebhooks(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** The server's reason for a refusal it explains (404, 409, 422), else undefined (its own toast). */
export function serverReason(error: unknown): string | undefined {
  if (!isApiError(error) || ![404, 409, 422].includes(error.status) || error.message === '') return undefined;
  return error.message;
}

type Editing = { kind: 'create' } | { kind: 'edit'; webhook: Webhook };

/**
 * Outgoing webhooks on /settings/integrations (docs/webhooks.md): the list with each one's
 * status and last delivery; add (name, URL, events, optional secret; the secret shown once),
 * edit, test (its result shown), rotate the secret, delete (confirmed) and the delivery log with
 * resend. Failures of create, test and delete are toasts (spec 01 §7).
 */
export function WebhooksSection() {
  const me = useCurrentUser();
  const allowed = canManageWebhooks(me.current_organization?.role);
  return (
    <Card aria-labelledby="webhooks-title">
      <WebhooksBody allowed={allowed} organization={me.current_organization?.name ?? ''} />
    </Card>
  );
}

function WebhooksBody({ allowed, organization }: { allowed: boolean; organization: string }) {
  const { t } = useTranslation('webhooks');
  const webhooks = useWebhooks(allowed);
  const changes = useWebhookChanges();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const test = (webhook: Webhook) => {
    setTesting(webhook.id);
    changes.test.mutate(webhook.id, {
      onSuccess: (delivery) => {
        setLogOf(webhook.id);
        reportTest(t, webhook, delivery);
      },
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('toast.testFailed'), { message: serverReason(error) });
      },
      onSettled: () => setTesting(null),
    });
  };

  const remove = (webhook: Webhook) =>
    changes.remove.mutate(webhook.id, {
      onSuccess: () => {
        toast.success(t('toast.deleted', { name: webhook.name }));
        if (logOf === webhook.id) setLogOf(null);
      },
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('toast.deleteFailed'), { message: serverReason(error) });
      },
      onSettled: () => setDeleting(null),
    });

  const rotate = (webhook: Webhook) =>
    changes.rotate.mutate(webhook.id, {
      onSuccess: (rotated) => setSecret(rotated),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('toast.rotateFailed'), { message: serverReason(error) });
      },
      onSettled: () => setRotating(null),
    });

  const toggle = (webhook: Webhook) =>
    changes.update.mutate(
      { id: webhook.id, changes: { is_active: !webhook.is_active } },
      {
        onSuccess: (changed) =>
          toast.success(t(changed.is_active ? 'toast.enabled' : 'toast.disabled', { name: changed.name })),
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('toast.updateFailed'), { message: serverReason(error) });
        },
      },
    );

  return (
    <>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="webhooks-title">{t('title')}</CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        {allowed && (
          <Button size="sm" onClick={() => setEditing({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <p role="note" className="flex items-start gap-3 rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('noAccess', { organization })}
          </p>
        ) : (
          <QueryState
            query={webhooks}
            errorMessage={t('loadFailed')}
            rows={2}
            compact
            isEmpty={(page) => page.results.length === 0}
            empty={
              <EmptyState icon={WebhookIcon} headingLevel={3} title={t('emptyTitle')} description={t('emptyBody')} />
            }
          >
            {(page) => (
              <ul className="grid gap-3" aria-label={t('title')}>
                {page.results.map((webhook) => (
                  <WebhookRow
                    key={webhook.id}
                    webhook={webhook}
                    testing={testing === webhook.id}
                    logOpen={logOf === webhook.id}
                    onTest={() => test(webhook)}
                    onEdit={() => setEditing({ kind: 'edit', webhook })}
                    onRotate={() => setRotating(webhook)}
                    onDelete={() => setDeleting(webhook)}
                    onToggle={() => toggle(webhook)}
                    toggling={changes.update.isPending && changes.update.variables.id === webhook.id}
                    onLog={() => setLogOf(logOf === webhook.id ? null : webhook.id)}
                  />
                ))}
              </ul>
            )}
          </QueryState>
        )}
      </CardContent>
      {editing !== null && (
        <WebhookFormDialog
          webhook={editing.kind === 'edit' ? editing.webhook : undefined}
          changes={changes}
          onCreated={(created) => setSecret(created)}
          onClose={() => setEditing(null)}
        />
      )}
      {secret !== null && <WebhookSecretDialog webhook={secret} onClose={() => setSecret(null)} />}
      {deleting !== null && (
        <ConfirmDialog
          title={t('delete.title', { name: deleting.name })}
          body={t('delete.body')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('cancel')}
          destructive
          pending={changes.remove.isPending}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      {rotating !== null && (
        <ConfirmDialog
          title={t('rotate.title', { name: rotating.name })}
          body={t('rotate.body')}
          confirmLabel={t('rotate.confirm')}
          cancelLabel={t('cancel')}
          pending={changes.rotate.isPending}
          onConfirm={() => rotate(rotating)}
          onClose={() => setRotating(null)}
        />
      )}
    </>
  );
}

/** A test's outcome as a toast: delivered, or why not (status code or the error). */
function reportTest(t: TFunction<'webhooks'>, webhook: Webhook, delivery: WebhookDelivery) {
  const attempt = delivery.attempt_log[0];
  if (delivery.status === 'delivered') {
    toast.success(t('toast.testDelivered', { name: webhook.name }), {
      message: t('toast.testDetail', { code: attempt?.status_code ?? '', ms: attempt?.duration_ms ?? 0 }),
    });
    return;
  }
  toast.error(t('toast.testNotDelivered', { name: webhook.name }), {
    message: attempt?.status_code ? t('toast.testAnswered', { code: attempt.status_code }) : (attempt?.error ?? ''),
  });
}

function StatusBadge({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('webhooks');
  if (webhook.status === 'active') return <Badge variant="success">{t('status.active')}</Badge>;
  if (webhook.status === 'failing') return <Badge variant="warning">{t('status.failing')}</Badge>;
  return <Badge variant="danger">{t(`status.disabled.${webhook.disabled_reason ?? 'manual'}`)}</Badge>;
}

function WebhookRow({
  webhook,
  testing,
  logOpen,
  toggling,
  onTest,
  onEdit,
  onRotate,
  onDelete,
  onToggle,
  onLog,
}: {
  webhook: Webhook;
  testing: boolean;
  logOpen: boolean;
  toggling: boolean;
  onTest: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
  onToggle: () => void;
  onLog: () => void;
}) {
  const { t, i18n } = useTranslation('webhooks');
  const last = webhook.last_delivery;
  const logId = `webhook-log-${webhook.id}`;
  return (
    <li className="grid gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-foreground">{webhook.name}</h3>
            <StatusBadge webhook={webhook} />
          </div>
          <p className="font-mono text-xs break-all text-muted-foreground">{webhook.url}</p>
          <p className="text-sm text-muted-foreground">
            {webhook.events.map((type) => t(`events.${type}`)).join(', ')}
          </p>
          <p className="text-xs text-muted-foreground">
            {last === null
              ? t('lastDelivery.none')
              : t(last.ok ? 'lastDelivery.ok' : 'lastDelivery.failed', {
                  when: formatRelative(last.attempted_at, i18n.language),
                  code: last.status_code ?? '-',
                })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" loading={testing} onClick={onTest}>
            <Send aria-hidden="true" />
            {t('actions.test')}
          </Button>
          <Button size="sm" variant="outline" aria-expanded={logOpen} aria-controls={logId} onClick={onLog}>
            <History aria-hidden="true" />
            {logOpen ? t('actions.hideLog') : t('actions.log')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={t('actions.editNamed', { name: webhook.name })}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </Button>
          <Button size="sm" variant="outline" loading={toggling} onClick={onToggle}>
            {webhook.is_active ? t('actions.disable') : t('actions.enable')}
          </Button>
          <Button size="sm" variant="outline" onClick={onRotate}>
            <KeyRound aria-hidden="true" />
            {t('actions.rotate')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={t('actions.deleteNamed', { name: webhook.name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </Button>
        </div>
      </div>
      {webhook.previous_secret_expires_at !== null && (
        <p className="text-xs text-muted-foreground">
          {t('rotate.overlap', { when: formatRelative(webhook.previous_secret_expires_at, i18n.language) })}
        </p>
      )}
      {logOpen && (
        <div id={logId}>
          <WebhookDeliveries webhookId={webhook.id} />
        </div>
      )}
    </li>
  );
}
