import { zodResolver } from '@hookform/resolvers/zod';
import type { Role } from '@leadcapture/contracts/constants';
import { updateMemberSchema } from '@leadcapture/contracts/team';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateMember, type TeamMember } from '../api/team.ts';
import { assignableRoles } from './invite-member-dialog.tsx';
import { displayName } from './team-member-list.tsx';
import { teamFormFailure } from './team-errors.ts';

type Values = z.input<typeof updateMemberSchema>;
const FIELDS = ['role', 'department', 'job_title', 'status'] as const;

/**
 * Role, department, job title and (for someone who has joined) active or inactive, PATCHed with
 * only what changed. "Last owner" and "not allowed" stay in the dialog with their own words.
 */
export function EditMemberDialog({
  member,
  myRole,
  organization,
  onClose,
}: {
  member: TeamMember;
  myRole: Role | undefined;
  organization: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['team', 'common']);
  const update = useUpdateMember();
  const invited = member.status === 'invited';
  const initial: Values = {
    role: member.role,
    department: member.department,
    job_title: member.job_title,
    ...(invited ? {} : { status: member.status === 'inactive' ? 'inactive' : 'joined' }),
  };
  const form = useForm<Values, unknown, z.output<typeof updateMemberSchema>>({
    resolver: zodResolver(updateMemberSchema),
    defaultValues: initial,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const name = displayName(member);
  // An owner's row keeps "Owner" in the list even for the rare viewer of it who may not give it.
  const roles = assignableRoles(myRole);
  if (!roles.includes(member.role)) roles.unshift(member.role);

  const onSubmit = form.handleSubmit((values) => {
    const changes = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== initial[key as keyof Values]),
    );
    if (Object.keys(changes).length === 0) {
      onClose();
      return Promise.resolve();
    }
    return update.mutateAsync({ id: member.id, changes }).then(
      () => {
        toast.success(t('edit.saved', { name }));
        onClose();
      },
      (error: unknown) => {
        const failure = teamFormFailure(error, 'update', FIELDS, form.setError);
        if (failure !== null) form.setError('root', { message: t(failure.key, { email: member.email }) });
      },
    );
  });

  const rootError = form.formState.errors.root?.message;
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('edit.title', { name })}
      description={t('edit.description', { organization })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" form="edit-member-form" loading={update.isPending}>
            {t('edit.submit')}
          </Button>
        </>
      }
    >
      <form
        id="edit-member-form"
        noValidate
        aria-label={t('edit.title', { name })}
        className="grid gap-4"
        onSubmit={(event) => void onSubmit(event)}
      >
        {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
        <FormField
          control={form.control}
          name="role"
          label={t('fields.role')}
          required
          help={role === undefined ? undefined : t(`roleHelp.${role}`)}
          render={(field) => (
            <Select {...field} options={roles.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))} />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="department"
            label={t('fields.department')}
            render={(field) => <Input autoComplete="off" {...field} value={field.value ?? ''} />}
          />
          <FormField
            control={form.control}
            name="job_title"
            label={t('fields.jobTitle')}
            render={(field) => <Input autoComplete="off" {...field} value={field.value ?? ''} />}
          />
        </div>
        {!invited && (
          <FormField
            control={form.control}
            name="status"
            label={t('fields.status')}
            help={t('edit.statusHelp')}
            render={(field) => (
              <Select
                {...field}
                options={[
                  { value: 'joined', label: t('edit.active') },
                  { value: 'inactive', label: t('edit.inactive') },
                ]}
              />
            )}
          />
        )}
      </form>
    </Modal>
  );
}
