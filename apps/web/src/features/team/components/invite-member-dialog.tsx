import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, type Role } from '@leadcapture/contracts/constants';
import { inviteMemberSchema } from '@leadcapture/contracts/team';
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
import { useInviteMember } from '../api/team.ts';
import { teamFormFailure } from './team-errors.ts';

type Values = z.input<typeof inviteMemberSchema>;
const FIELDS = ['email', 'role', 'name', 'department', 'job_title'] as const;

/** Roles the signed-in person may give: only an owner makes owners (spec 01 §6). */
export function assignableRoles(myRole: Role | undefined): Role[] {
  return ROLES.filter((role) => role !== 'owner' || myRole === 'owner');
}

/**
 * Invite by email (POST /auth/team/members/), validated with the contract's schema. A refusal the
 * user can act on (already a member, not allowed) stays in the dialog; mounted only while open,
 * so a reopened dialog starts empty.
 */
export function InviteMemberDialog({ myRole, onClose }: { myRole: Role | undefined; onClose: () => void }) {
  const { t } = useTranslation(['team', 'common']);
  const invite = useInviteMember();
  const form = useForm<Values, unknown, z.output<typeof inviteMemberSchema>>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'member', name: '', department: '', job_title: '' },
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      (member) => {
        toast.success(t('invite.sent', { email: member.email }));
        onClose();
      },
      (error: unknown) => {
        const failure = teamFormFailure(error, 'invite', FIELDS, form.setError);
        if (failure !== null) form.setError('root', { message: t(failure.key, { email: values.email }) });
      },
    ),
  );

  const rootError = form.formState.errors.root?.message;
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('invite.title')}
      description={t('invite.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" form="invite-member-form" loading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </>
      }
    >
      <form
        id="invite-member-form"
        noValidate
        aria-label={t('invite.title')}
        className="grid gap-4"
        onSubmit={(event) => void onSubmit(event)}
      >
        {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
        <FormField
          control={form.control}
          name="email"
          label={t('fields.email')}
          required
          render={(field) => <Input type="email" autoComplete="off" {...field} />}
        />
        <FormField
          control={form.control}
          name="role"
          label={t('fields.role')}
          required
          help={t(`roleHelp.${role}`)}
          render={(field) => (
            <Select
              {...field}
              options={assignableRoles(myRole).map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
            />
          )}
        />
        <FormField
          control={form.control}
          name="name"
          label={t('fields.name')}
          render={(field) => <Input autoComplete="off" {...field} value={field.value ?? ''} />}
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
      </form>
    </Modal>
  );
}
