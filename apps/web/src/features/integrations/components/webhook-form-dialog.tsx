import { zodResolver } from '@hookform/resolvers/zod';
import {
  createWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookData,
  type CreateWebhookInput,
  type Webhook,
  type WebhookWithSecret,
} from '@leadcapture/contracts/webhooks';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField, useValidationMessage } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { WebhookChanges } from '../api/webhooks.ts';
import { serverReason } from './webhooks-section.tsx';

const FIELDS = ['name', 'url', 'events', 'secret'];

/**
 * Adds a webhook (name, URL, the events, an optional secret) or changes one (no secret: that is
 * rotated). Validated with the contract's schema; the server's refusals (a private address, say)
 * land on their fields. Mounted only while open, so it opens with the webhook's values.
 */
export function WebhookFormDialog({
  webhook,
  changes,
  onCreated,
  onClose,
}: {
  webhook: Webhook | undefined;
  changes: WebhookChanges;
  onCreated: (created: WebhookWithSecret) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const editing = webhook !== undefined;
  const form = useForm<CreateWebhookInput, unknown, CreateWebhookData>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: {
      name: webhook?.name ?? '',
      url: webhook?.url ?? '',
      events: webhook?.events ?? ['lead.created'],
      secret: '',
    },
  });
  const pending = changes.create.isPending || changes.update.isPending;

  const failed = (error: unknown) => {
    const rest = applyServerErrors(error, form.setError, FIELDS);
    if (isHandledGlobally(error)) return;
    if (rest === null) {
      const message = serverReason(error);
      if (editing) form.setError('root', { message: message ?? t('toast.updateFailed') });
      else toast.error(t('toast.createFailed'), { message });
    } else if (rest.length > 0) form.setError('root', { message: rest.join(' ') });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (webhook) {
        const changed = await changes.update.mutateAsync({
          id: webhook.id,
          changes: { name: values.name, url: values.url, events: values.events },
        });
        toast.success(t('toast.updated', { name: changed.name }));
      } else {
        const created = await changes.create.mutateAsync(values);
        toast.success(t('toast.created', { name: created.name }));
        onCreated(created);
      }
      onClose();
    } catch (error) {
      failed(error);
    }
  });

  const rootError = form.formState.errors.root?.message;
  const eventsError = useValidationMessage(
    form.formState.errors.events?.message ?? form.formState.errors.events?.root?.message,
  );
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={editing ? t('form.editTitle', { name: webhook.name }) : t('form.createTitle')}
      description={t('form.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="webhook-form" loading={pending}>
            {editing ? t('form.save') : t('form.create')}
          </Button>
        </>
      }
    >
      <form
        id="webhook-form"
        noValidate
        aria-label={editing ? t('form.editTitle', { name: webhook.name }) : t('form.createTitle')}
        className="grid gap-4"
        onSubmit={(event) => void onSubmit(event)}
      >
        {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
        <FormField
          control={form.control}
          name="name"
          label={t('form.name')}
          required
          render={(field) => <Input autoComplete="off" maxLength={100} {...field} />}
        />
        <FormField
          control={form.control}
          name="url"
          label={t('form.url')}
          help={t('form.urlHelp')}
          required
          render={(field) => (
            <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" maxLength={2000} {...field} />
          )}
        />
        <fieldset className="grid gap-2" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-foreground">{t('form.events')}</legend>
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => {
              const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
              return (
                <div className="grid gap-2 sm:grid-cols-2">
                  {WEBHOOK_EVENT_TYPES.map((type) => (
                    <Checkbox
                      key={type}
                      name="events"
                      value={type}
                      checked={chosen.includes(type)}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked ? [...chosen, type] : chosen.filter((value) => value !== type),
                        )
                      }
                      label={
                        <span className="grid">
                          <span>{t(`events.${type}`)}</span>
                          <span className="font-mono text-xs text-muted-foreground">{type}</span>
                        </span>
                      }
                    />
                  ))}
                </div>
              );
            }}
          />
          {eventsError !== undefined && (
            <p id="webhook-events-error" className="text-sm font-medium text-destructive-soft-foreground">
              {eventsError}
            </p>
          )}
        </fieldset>
        {!editing && (
          <FormField
            control={form.control}
            name="secret"
            label={t('form.secret')}
            help={t('form.secretHelp')}
            render={(field) => (
              <Input
                autoComplete="off"
                spellCheck={false}
                placeholder="whsec_…"
                maxLength={200}
                {...field}
                value={typeof field.value === 'string' ? field.value : ''}
              />
            )}
          />
        )}
      </form>
    </Modal>
  );
}
