import { zodResolver } from '@hookform/resolvers/zod';
import {
  deleteOrganizationQuerySchema,
  type DeleteOrganizationQuery,
  type Organization,
} from '@leadcapture/contracts/organizations';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteOrganization } from '../api/organization.ts';
import { CONFIRMATION_WORD } from './delete-account-card.tsx';

/**
 * The organisation's danger zone (owners only, as the server checks): deleting it with all its
 * data, confirmed by the same typed word as deleting an account (spec 01 §5).
 */
export function DeleteOrganizationCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('organizationDanger.title')}</CardTitle>
        <CardDescription>{t('organizationDanger.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t('organizationDanger.open')}
        </Button>
      </CardFooter>
      {/* Mounted only while open, so a reopened dialog starts empty. */}
      {open && <DeleteOrganizationDialog organization={organization} onClose={() => setOpen(false)} />}
    </Card>
  );
}

function DeleteOrganizationDialog({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { language, lp } = useLocalizedPath();
  const navigate = useNavigate();
  const word = CONFIRMATION_WORD[language];
  const remove = useDeleteOrganization(organization.id);
  const [onlyOne, setOnlyOne] = useState(false);
  const form = useForm<DeleteOrganizationQuery>({
    resolver: zodResolver(deleteOrganizationQuerySchema),
    defaultValues: { confirmation: '' },
  });
  // The server accepts either word; the user is told to type this language's one, so ask for it.
  const confirmation = useWatch({ control: form.control, name: 'confirmation' });
  const confirmed = confirmation.trim() === word;

  const onSubmit = form.handleSubmit((values) =>
    remove.mutateAsync(values).then(
      async () => {
        toast.success(t('organizationDanger.deleted', { name: organization.name }));
        await navigate(lp('/dashboard'), { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 409) return setOnlyOne(true);
        if (applyServerErrors(error, form.setError, ['confirmation']) !== null) return;
        if (!isHandledGlobally(error)) toast.error(t('organizationDanger.failed'));
      },
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('organizationDanger.modalTitle', { name: organization.name })}
      description={t('organizationDanger.modalDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('organizationDanger.cancel')}
          </Button>
          <Button
            variant="destructive"
            type="submit"
            form="delete-organization-form"
            disabled={!confirmed}
            loading={remove.isPending}
          >
            {t('organizationDanger.confirm')}
          </Button>
        </>
      }
    >
      <form id="delete-organization-form" noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {onlyOne && (
          <p role="alert" className="rounded-lg bg-destructive-soft p-4 text-sm text-destructive-soft-foreground">
            {t('organizationDanger.onlyOne')}
          </p>
        )}
        <FormField
          control={form.control}
          name="confirmation"
          label={t('organizationDanger.typeWord', { word })}
          required
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
      </form>
    </Modal>
  );
}
