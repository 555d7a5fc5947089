import { LEAD_STATUSES, type LeadStatus } from '@leadcapture/contracts/constants';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeLeadStatus } from '../api/lead-actions.ts';
import type { Lead } from '../api/leads.ts';

const NOTE_MAX = 5000;

/**
 * "Change status" on the lead page: choose the new status from the menu, then confirm it with an
 * optional note (kept on the timeline) and whether to tell the assigned rep (spec 01 §4).
 */
export function LeadStatusMenu({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const change = useChangeLeadStatus(lead.id);
  const [next, setNext] = useState<LeadStatus | null>(null);
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(false);

  const close = () => {
    setNext(null);
    setNote('');
    setNotify(false);
  };

  const confirm = () => {
    if (next === null) return;
    const status = next;
    const body = { status, note, notify: notify && lead.assigned_to !== null };
    close();
    change.mutate(body, {
      onSuccess: () => toast.success(t('statusChange.done', { status: t(`status.${status}`) })),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('errors.status'));
      },
    });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" loading={change.isPending}>
            {t('statusChange.button')}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t('statusChange.menuLabel')}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={lead.status}
            onValueChange={(value) => {
              const status = LEAD_STATUSES.find((s) => s === value);
              if (status !== undefined && status !== lead.status) setNext(status);
            }}
          >
            {LEAD_STATUSES.map((status) => (
              <DropdownMenuRadioItem key={status} value={status}>
                {t(`status.${status}`)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>

      <Modal
        open={next !== null}
        onOpenChange={(open) => !open && close()}
        title={t('statusChange.title', { status: next === null ? '' : t(`status.${next}`) })}
        description={t('statusChange.description', {
          from: t(`status.${lead.status}`),
          to: next === null ? '' : t(`status.${next}`),
        })}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={confirm}>{t('statusChange.confirm')}</Button>
          </>
        }
      >
        <div className="grid gap-4">
          <Field label={t('statusChange.note')} help={t('statusChange.noteHelp')}>
            <Textarea rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <Checkbox
            label={t('statusChange.notify')}
            help={lead.assigned_to === null ? t('statusChange.notifyNobody') : t('statusChange.notifyHelp')}
            disabled={lead.assigned_to === null}
            checked={notify && lead.assigned_to !== null}
            onChange={(e) => setNotify(e.target.checked)}
          />
        </div>
      </Modal>
    </>
  );
}
