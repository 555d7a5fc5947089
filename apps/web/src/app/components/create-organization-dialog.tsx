import { zodResolver } from '@hookform/resolvers/zod';
import { createOrganizationSchema } from '@leadcapture/contracts/organizations';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useSwitchOrganization } from '../../features/auth/api/switch-organization.ts';
import { useCreateOrganization } from '../../features/settings/api/organization.ts';
import { isHandledGlobally } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';

const nameSchema = createOrganizationSchema.pick({ name: true });
type NameInput = { name: string };

/**
 * Another organisation (spec 01 §7, POST /organizations/), from the organisation switcher: the
 * user becomes its owner and the app switches to it at once.
 */
export function CreateOrganizationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  const switchOrganization = useSwitchOrganization();
  const form = useForm<NameInput>({ resolver: zodResolver(nameSchema), defaultValues: { name: '' } });

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      async (organization) => {
        onClose();
        await switchOrganization.mutateAsync(organization.id);
      },
      (error: unknown) => {
        if (applyServerErrors(error, form.setError, ['name']) !== null) return;
        if (!isHandledGlobally(error)) toast.error(t('organization.createFailed'));
      },
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('organization.createTitle')}
      description={t('organization.createDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('organization.createCancel')}
          </Button>
          <Button type="submit" form="create-organization-form" loading={create.isPending}>
            {t('organization.createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-organization-form" noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        <FormField
          control={form.control}
          name="name"
          label={t('organization.createName')}
          required
          render={(field) => <Input autoComplete="organization" {...field} />}
        />
      </form>
    </Modal>
  );
}
