import type { BillingProviderName, PaymentMethod } from '@leadcapture/contracts/billing';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { usePaymentMethodChanges, usePaymentMethods } from '../api/payment-methods.ts';
import { useServerReason } from '../utils/server-reason.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PortalButton } from './portal-button.tsx';

// The dialog's form (react-hook-form and its zod resolver) loads when the owner opens it.
const AddPaymentMethodDialog = lazy(() =>
  import('./add-payment-method-dialog.tsx').then((m) => ({ default: m.AddPaymentMethodDialog })),
);

/**
 * The payment methods on file: label, type, card brand and last four (Stripe), the default one
 * marked. The owner sets the default and deletes (confirmed); with the local provider they add
 * one here by label, with Stripe in its billing portal. `provider` undefined: not known yet, so
 * neither way of adding is offered.
 */
export function PaymentMethodsCard({
  canManage,
  provider,
  portal = true,
}: {
  canManage: boolean;
  provider: BillingProviderName | undefined;
  /** Whether Stripe's "Manage in billing portal" is offered (not inside the portal itself). */
  portal?: boolean;
}) {
  const { t } = useTranslation('billing');
  const methods = usePaymentMethods();
  const changes = usePaymentMethodChanges();
  const reason = useServerReason();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const addAction =
    !canManage || provider === undefined ? null : provider === 'local' ? (
      <Button size="sm" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        {t('methods.add')}
      </Button>
    ) : portal ? (
      <PortalButton size="sm" label={t('methods.manageInPortal')} />
    ) : null;

  const setDefault = (method: PaymentMethod) => {
    setPendingId(method.id);
    changes.setDefault.mutate(method.id, {
      onSuccess: () => toast.success(t('methods.defaultSet', { label: method.label })),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('methods.setDefaultFailed'), { message: reason(error) });
      },
      onSettled: () => setPendingId(null),
    });
  };

  const remove = (method: PaymentMethod) =>
    changes.remove.mutate(method.id, {
      onSuccess: () => toast.success(t('methods.deleted', { label: method.label })),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('methods.deleteFailed'), { message: reason(error) });
      },
      onSettled: () => setDeleting(null),
    });

  return (
    <Card aria-labelledby="payment-methods-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="payment-methods-title">{t('methods.title')}</CardTitle>
          <CardDescription>{t('methods.description')}</CardDescription>
        </div>
        {addAction}
      </CardHeader>
      <CardContent>
        <QueryState
          query={methods}
          errorMessage={t('methods.loadFailed')}
          rows={2}
          compact
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={CreditCard}
              headingLevel={3}
              title={t('methods.emptyTitle')}
              description={t('methods.emptyBody')}
            />
          }
        >
          {(list) => (
            <ul className="grid gap-3" aria-label={t('methods.title')}>
              {list.map((method) => (
                <PaymentMethodRow
                  key={method.id}
                  method={method}
                  canManage={canManage}
                  settingDefault={pendingId === method.id}
                  onSetDefault={() => setDefault(method)}
                  onDelete={() => setDeleting(method)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {adding && (
        <Suspense fallback={null}>
          <AddPaymentMethodDialog add={changes.add} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {deleting !== null && (
        <ConfirmDialog
          title={t('methods.deleteTitle', { label: deleting.label })}
          body={deleting.is_default ? t('methods.deleteDefaultBody') : t('methods.deleteBody')}
          confirmLabel={t('methods.deleteConfirm')}
          cancelLabel={t('methods.keep')}
          destructive
          pending={changes.remove.isPending}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}

function PaymentMethodRow({
  method,
  canManage,
  settingDefault,
  onSetDefault,
  onDelete,
}: {
  method: PaymentMethod;
  canManage: boolean;
  settingDefault: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('billing');
  const details = [t(`methods.type.${method.type}`)];
  if (method.last4 !== null) {
    details.push(
      t('methods.cardEnding', { brand: method.brand ?? t(`methods.type.${method.type}`), last4: method.last4 }),
    );
  }
  if (method.exp_month !== null && method.exp_year !== null) {
    details.push(t('methods.expires', { date: `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}` }));
  }
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <CreditCard aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          <span className="break-words">{method.label}</span>
          {method.is_default && <Badge variant="success">{t('methods.default')}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">{details.join(' · ')}</p>
      </div>
      {canManage && (
        <div className="flex gap-2">
          {!method.is_default && (
            <Button
              variant="outline"
              size="sm"
              loading={settingDefault}
              onClick={onSetDefault}
              aria-label={t('methods.setDefaultFor', { label: method.label })}
            >
              {t('methods.setDefault')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onDelete}
            aria-label={t('methods.deleteFor', { label: method.label })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}
