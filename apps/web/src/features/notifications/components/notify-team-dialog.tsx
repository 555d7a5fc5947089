import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useMembers } from '../../leads/api/members.ts';
import { useSendTeamNotification } from '../api/notification-settings.ts';

/**
 * "Notify team" for owners and admins: a title and a message to everyone else in the team, or to
 * the members ticked; each gets it through their own channels for the team category.
 */
export function NotifyTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('notifications');
  const me = useCurrentUser();
  const { members } = useMembers();
  const send = useSendTeamNotification();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [everyone, setEveryone] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const active = members.filter((m) => m.is_active);

  const submit = () => {
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = t('settings.send.required');
    if (!message.trim()) problems.message = t('settings.send.required');
    if (!everyone && chosen.length === 0) problems.user_ids = t('settings.send.chooseSomeone');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send.mutate(
      { title: title.trim(), message: message.trim(), ...(everyone ? {} : { user_ids: chosen }) },
      {
        onSuccess: (result) => {
          toast.success(t('settings.send.sent', { count: result.recipients }));
          setTitle('');
          setMessage('');
          setChosen([]);
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 429) toast.error(t('settings.send.tooMany'));
          else toast.error(t('settings.send.failed'));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings.send.title')}
      description={t('settings.send.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('settings.send.cancel')}
          </Button>
          <Button loading={send.isPending} onClick={submit}>
            {t('settings.send.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field label={t('settings.send.titleLabel')} error={errors.title} required>
          <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field label={t('settings.send.message')} error={errors.message} required>
          <Textarea rows={4} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        <Checkbox
          label={t('settings.send.everyone')}
          checked={everyone}
          onChange={(e) => setEveryone(e.target.checked)}
        />
        {!everyone && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('settings.send.choose')}</legend>
            {active
              .filter((m) => m.id !== me.id)
              .map((m) => (
                <Checkbox
                  key={m.id}
                  label={`${m.first_name} ${m.last_name}`.trim() || m.email}
                  checked={chosen.includes(m.id)}
                  onChange={(e) =>
                    setChosen((list) => (e.target.checked ? [...list, m.id] : list.filter((id) => id !== m.id)))
                  }
                />
              ))}
            {errors.user_ids && <p className="text-sm text-destructive">{errors.user_ids}</p>}
          </fieldset>
        )}
      </div>
    </Modal>
  );
}
