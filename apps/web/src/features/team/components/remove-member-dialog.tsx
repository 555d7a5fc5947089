import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMember, type TeamMember } from '../api/team.ts';
import { displayName } from './team-member-list.tsx';
import { teamFailure } from './team-errors.ts';

/** Remove a member, or withdraw an invitation, after a confirmation (spec 01 §2). */
export function RemoveMemberDialog({
  member,
  organization,
  onClose,
}: {
  member: TeamMember;
  organization: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  const remove = useRemoveMember();
  const [problem, setProblem] = useState<string | null>(null);
  const name = displayName(member);

  const confirm = () => {
    setProblem(null);
    remove.mutate(member.id, {
      onSuccess: () => {
        toast.success(t('remove.done', { name }));
        onClose();
      },
      onError: (error) => {
        const failure = teamFailure(error, 'delete');
        if (failure !== null) setProblem(t(failure.key, { email: member.email }));
      },
    });
  };

  return (
    <Modal
      open
      size="sm"
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('remove.title', { name })}
      description={
        member.status === 'invited'
          ? t('remove.bodyInvited', { email: member.email })
          : t('remove.body', { name, organization })
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('remove.cancel')}
          </Button>
          <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
            {t('remove.confirm')}
          </Button>
        </>
      }
    >
      {problem !== null ? <FormAlert>{problem}</FormAlert> : undefined}
    </Modal>
  );
}
