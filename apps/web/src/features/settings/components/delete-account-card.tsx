import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type DeleteAccountInput } from '@leadcapture/contracts/auth';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** The word the user is asked to type, in the UI's language; the server accepts both. */
export const CONFIRMATION_WORD = { en: 'DELETE', sv: 'RADERA' } as const;

/** Names of the organisations in a 409 "last owner" answer (details.organizations), else null. */
function blockingOrganizations(error: unknown): string[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const details: unknown = error.details;
  if (typeof details !== 'object' || details === null || !('organizations' in details)) return [];
  const names: unknown = details.organizations;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/** Danger zone (spec 01 §2, §5): deleting the account, confirmed by a typed word and the password. */
export function DeleteAccountCard() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('danger.title')}</CardTitle>
        <CardDescription>{t('danger.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t('danger.open')}
        </Button>
      </CardFooter>
      {/* Mounted only while open, so a reopened dialog starts empty. */}
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { language } = useLocalizedPath();
  const word = CONFIRMATION_WORD[language];
  const remove = useDeleteAccount();
  const [blocking, setBlocking] = useState<string[] | null>(null);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  // The schema accepts either word; the user is told to type this language's one, so ask for it.
  const confirmation = useWatch({ control: form.control, name: 'confirmation' });
  const confirmed = confirmation.trim() === word;

  const onSubmit = form.handleSubmit((values) =>
    remove.mutateAsync(values).then(
      () => undefined,
      (error: unknown) => {
        const names = blockingOrganizations(error);
        if (names !== null) return setBlocking(names);
        if (applyServerErrors(error, form.setError, ['password', 'confirmation']) !== null) return;
        if (!isHandledGlobally(error)) toast.error(t('danger.failed'));
      },
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('danger.modalTitle')}
      description={t('danger.modalDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('danger.cancel')}
          </Button>
          <Button
            variant="destructive"
            type="submit"
            form="delete-account-form"
            disabled={!confirmed}
            loading={remove.isPending}
          >
            {t('danger.confirm')}
          </Button>
        </>
      }
    >
      <form id="delete-account-form" noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {blocking !== null && (
          <div
            role="alert"
            className="grid gap-2 rounded-lg bg-destructive-soft p-4 text-sm text-destructive-soft-foreground"
          >
            <p className="font-medium">{t('danger.lastOwner')}</p>
            {blocking.length > 0 && (
              <ul className="list-disc ps-5">
                {blocking.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <FormField
          control={form.control}
          name="confirmation"
          label={t('danger.typeWord', { word })}
          required
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
        <FormField
          control={form.control}
          name="password"
          label={t('danger.password')}
          required
          render={(field) => <Input type="password" autoComplete="current-password" {...field} />}
        />
      </form>
    </Modal>
  );
}
