import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_ACCESS,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PERMISSIONS,
  API_KEY_RESOURCES,
  type ApiKeyPermission,
  type ApiKeyWithSecret,
} from '@leadcapture/contracts/api-keys';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError, isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import type { useApiKeyChanges } from '../api/api-keys.ts';

/** Today's date in the browser's calendar, YYYY-MM-DD: the earliest expiry is tomorrow. */
function localDate(offsetDays: number): string {
  const at = new Date();
  at.setDate(at.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

type FormValues = { name: string; permissions: ApiKeyPermission[]; expires_at: string };

/**
 * Creates a key: a name, permissions as read/write per resource, and an optional expiry date
 * (midnight of that day in the organisation's timezone). Mounted only while open, so it opens
 * empty; on success the page shows the key once.
 */
export function CreateApiKeyDialog({
  create,
  onCreated,
  onClose,
}: {
  create: ReturnType<typeof useApiKeyChanges>['create'];
  onCreated: (key: ApiKeyWithSecret) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('create.nameRequired'))
          .max(API_KEY_NAME_MAX_LENGTH, t('create.nameTooLong', { max: API_KEY_NAME_MAX_LENGTH })),
        permissions: z.array(z.enum(API_KEY_PERMISSIONS)).min(1, t('create.permissionsRequired')),
        expires_at: z
          .string()
          .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v > localDate(0)), t('create.expiryInPast')),
      }),
    [t],
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', permissions: [], expires_at: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    create
      .mutateAsync({
        name: values.name,
        permissions: values.permissions,
        ...(values.expires_at === '' ? {} : { expires_at: values.expires_at }),
      })
      .then(onCreated, (error: unknown) => {
        if (isHandledGlobally(error)) return;
        const details = validationDetails(error);
        if (details !== null) {
          const rest: string[] = [];
          for (const [field, messages] of Object.entries(details)) {
            const name = field.split('.')[0];
            if (name === 'name' || name === 'permissions' || name === 'expires_at') {
              form.setError(name, { type: 'server', message: messages.join(' ') });
            } else rest.push(messages.join(' '));
          }
          if (rest.length > 0) form.setError('root', { message: rest.join(' ') });
          return;
        }
        form.setError('root', {
          message: isApiError(error) && error.status === 403 ? t('errors.forbidden') : t('errors.createFailed'),
        });
      }),
  );
  const rootError = form.formState.errors.root?.message;
  const permissionsError = form.formState.errors.permissions?.message;

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('create.title')}
      description={t('create.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form="create-api-key-form" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </>
      }
    >
      <form
        id="create-api-key-form"
        noValidate
        aria-label={t('create.title')}
        className="grid gap-5"
        onSubmit={(event) => void onSubmit(event)}
      >
        {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
        <FormField
          control={form.control}
          name="name"
          label={t('create.name')}
          help={t('create.nameHelp')}
          required
          render={(field) => <Input autoComplete="off" maxLength={API_KEY_NAME_MAX_LENGTH} {...field} />}
        />
        <fieldset
          className="grid gap-2"
          aria-describedby={permissionsError === undefined ? 'api-key-permissions-help' : 'api-key-permissions-error'}
        >
          <legend className="mb-1 text-sm font-medium text-foreground">
            {t('create.permissions')}
            <span aria-hidden="true" className="ml-0.5 text-destructive-soft-foreground">
              *
            </span>
          </legend>
          <p id="api-key-permissions-help" className="text-xs text-muted-foreground">
            {t('create.permissionsHelp')}
          </p>
          <div className="overflow-hidden rounded-lg border border-border">
            <table className="w-full text-sm">
              <thead className="bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    {t('create.resource')}
                  </th>
                  {API_KEY_ACCESS.map((access) => (
                    <th key={access} scope="col" className="w-24 px-3 py-2 text-center font-medium">
                      {t(`access.${access}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {API_KEY_RESOURCES.map((resource) => (
                  <tr key={resource} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 text-left font-normal text-foreground">
                      {t(`resources.${resource}`)}
                    </th>
                    {API_KEY_ACCESS.map((access) => (
                      <td key={access} className="px-3 py-2 text-center">
                        <input
                          type="checkbox"
                          value={`${resource}:${access}`}
                          aria-label={t('create.permissionLabel', {
                            resource: t(`resources.${resource}`),
                            access: t(`access.${access}`),
                          })}
                          className="size-4 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                          {...form.register('permissions')}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {permissionsError !== undefined && (
            <p id="api-key-permissions-error" className="text-sm font-medium text-destructive-soft-foreground">
              {permissionsError}
            </p>
          )}
        </fieldset>
        <FormField
          control={form.control}
          name="expires_at"
          label={t('create.expiry')}
          help={t('create.expiryHelp')}
          render={(field) => <Input type="date" min={localDate(1)} {...field} />}
        />
      </form>
    </Modal>
  );
}
