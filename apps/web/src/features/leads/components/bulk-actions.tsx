import { LEAD_RETENTION_DAYS, LEAD_STATUSES, type LeadStatus } from '@leadcapture/contracts/constants';
import { RotateCcw, Tags, Trash2, UserPlus, X, ListChecks } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useBulkLeads, type BulkLeadsRequest } from '../api/bulk-leads.ts';
import { isAssignable, memberName, type OrganizationMember } from '../api/members.ts';
import { TagInput } from '../../../components/ui/tag-input.tsx';

type BulkAction = BulkLeadsRequest['action'];
type Dialog = 'status' | 'assign' | 'tag' | 'delete' | null;

const NOTE_MAX = 5000;

/**
 * The bar over the leads list while leads are chosen: change status (with an optional note and
 * word to the assigned reps), assign (one member, or round-robin across several), add or remove
 * tags, delete (after confirmation), and in the bin restore. Each sends one `POST /leads/bulk/`
 * and reports "n updated" and any ids not found in a toast.
 */
export function BulkActions({
  ids,
  bin,
  members,
  onDone,
  onClear,
}: {
  ids: readonly string[];
  bin: boolean;
  members: readonly OrganizationMember[];
  /** Called after a request succeeded (the page clears its selection). */
  onDone: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const bulk = useBulkLeads();
  const [dialog, setDialog] = useState<Dialog>(null);
  const count = ids.length;

  const run = async (request: BulkLeadsRequest): Promise<boolean> => {
    try {
      const result = await bulk.mutateAsync(request);
      const notFound = result.not_found.length;
      const title = t(`bulk.done.${request.action}`, {
        count: result.updated,
        formatted: formatNumber(result.updated, i18n.language),
      });
      const message = notFound > 0 ? t('bulk.notFound', { count: notFound }) : undefined;
      if (notFound > 0) toast.warning(title, { message });
      else toast.success(title);
      setDialog(null);
      onDone();
      return true;
    } catch (error) {
      if (!isHandledGlobally(error)) toast.error(t(`bulk.failed.${request.action}`));
      return false;
    }
  };

  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="sticky bottom-3 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-popover p-2.5 shadow-lg md:top-3 md:bottom-auto"
    >
      <span className="flex items-center gap-2 px-1.5 text-sm font-medium text-foreground" aria-live="polite">
        <ListChecks aria-hidden="true" className="size-4 text-primary-soft-foreground" />
        {t('bulk.selected', { count, formatted: formatNumber(count, i18n.language) })}
      </span>
      <div className="flex flex-1 flex-wrap justify-end gap-2">
        {bin ? (
          <Button size="sm" loading={bulk.isPending} onClick={() => void run({ action: 'restore', ids: [...ids] })}>
            <RotateCcw aria-hidden="true" />
            {t('bulk.restore')}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="secondary" onClick={() => setDialog('status')}>
              <ListChecks aria-hidden="true" />
              {t('bulk.status')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog('assign')}>
              <UserPlus aria-hidden="true" />
              {t('bulk.assign')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog('tag')}>
              <Tags aria-hidden="true" />
              {t('bulk.tags')}
            </Button>
            <Button size="sm" variant="destructive" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" />
              {t('bulk.delete')}
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden="true" />
          {t('bulk.clear')}
        </Button>
      </div>

      {dialog === 'status' && (
        <StatusDialog
          count={count}
          pending={bulk.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(body) => run({ ...body, ids: [...ids] })}
        />
      )}
      {dialog === 'assign' && (
        <AssignDialog
          count={count}
          members={members}
          pending={bulk.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(body) => run({ ...body, ids: [...ids] })}
        />
      )}
      {dialog === 'tag' && (
        <TagDialog
          count={count}
          pending={bulk.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(body) => run({ ...body, ids: [...ids] })}
        />
      )}
      <Modal
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        size="sm"
        title={t('bulk.deleteTitle', { count })}
        description={t('bulk.deleteBody', { count, days: LEAD_RETENTION_DAYS })}
        footer={
          <>
            <Button variant="outline" onClick={() => setDialog(null)}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="destructive"
              loading={bulk.isPending}
              onClick={() => void run({ action: 'delete', ids: [...ids] })}
            >
              {t('bulk.deleteConfirm', { count })}
            </Button>
          </>
        }
      />
    </div>
  );
}

type Without<T> = T extends unknown ? Omit<T, 'ids'> : never;
type Submit<A extends BulkAction> = (body: Without<Extract<BulkLeadsRequest, { action: A }>>) => Promise<boolean>;

function ActionDialog({
  title,
  description,
  submitLabel,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('leads');
  const formId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}

function StatusDialog({
  count,
  pending,
  onClose,
  onSubmit,
}: {
  count: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: Submit<'status'>;
}) {
  const { t } = useTranslation('leads');
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(false);
  const [error, setError] = useState<string | undefined>();
  return (
    <ActionDialog
      title={t('bulk.statusTitle', { count })}
      description={t('bulk.statusBody', { count })}
      submitLabel={t('bulk.statusSubmit')}
      pending={pending}
      onClose={onClose}
      onSubmit={() => {
        if (status === '') {
          setError(t('bulk.chooseStatus'));
          return;
        }
        void onSubmit({ action: 'status', status, notify, ...(note.trim() === '' ? {} : { note: note.trim() }) });
      }}
    >
      <Field label={t('bulk.newStatus')} required error={error}>
        <Select
          value={status}
          onChange={(e) => {
            setError(undefined);
            setStatus(LEAD_STATUSES.find((s) => s === e.target.value) ?? '');
          }}
          placeholder={t('bulk.chooseStatus')}
          options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Field>
      <Field label={t('statusChange.note')} help={t('statusChange.noteHelp')}>
        <Textarea rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <Checkbox label={t('statusChange.notify')} checked={notify} onChange={(e) => setNotify(e.target.checked)} />
    </ActionDialog>
  );
}

function AssignDialog({
  count,
  members,
  pending,
  onClose,
  onSubmit,
}: {
  count: number;
  members: readonly OrganizationMember[];
  pending: boolean;
  onClose: () => void;
  onSubmit: Submit<'assign'>;
}) {
  const { t } = useTranslation('leads');
  const assignable = members.filter(isAssignable);
  const [mode, setMode] = useState<'one' | 'round_robin'>('one');
  const [member, setMember] = useState('');
  const [pool, setPool] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const UNASSIGN = 'unassigned';
  return (
    <ActionDialog
      title={t('bulk.assignTitle', { count })}
      description={t('bulk.assignBody', { count })}
      submitLabel={t('bulk.assignSubmit')}
      pending={pending}
      onClose={onClose}
      onSubmit={() => {
        if (mode === 'one') {
          if (member === '') return setError(t('bulk.chooseMember'));
          void onSubmit({ action: 'assign', assigned_to: member === UNASSIGN ? null : member });
        } else {
          if (pool.length === 0) return setError(t('bulk.chooseMembers'));
          void onSubmit({ action: 'assign', round_robin: pool });
        }
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-foreground">{t('bulk.assignMode')}</legend>
        {(['one', 'round_robin'] as const).map((value) => (
          <div key={value} className="grid gap-0.5">
            <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-foreground">
              <input
                type="radio"
                name="assign-mode"
                value={value}
                checked={mode === value}
                aria-describedby={`${formId}-${value}`}
                onChange={() => {
                  setMode(value);
                  setError(null);
                }}
                className="size-4 accent-primary"
              />
              {t(`bulk.assignModes.${value}`)}
            </label>
            <p id={`${formId}-${value}`} className="pl-6.5 text-xs text-muted-foreground">
              {t(`bulk.assignModes.${value}Help`)}
            </p>
          </div>
        ))}
      </fieldset>
      {mode === 'one' ? (
        <Field label={t('bulk.member')} required>
          <Select
            value={member}
            onChange={(e) => {
              setMember(e.target.value);
              setError(null);
            }}
            placeholder={t('bulk.chooseMember')}
            options={[
              { value: UNASSIGN, label: t('assign.nobody') },
              ...assignable.map((m) => ({ value: m.id, label: memberName(m) })),
            ]}
          />
        </Field>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-foreground">{t('bulk.members')}</legend>
          {assignable.length === 0 && <p className="text-sm text-muted-foreground">{t('assign.noMembers')}</p>}
          {assignable.map((m) => (
            <Checkbox
              key={m.id}
              label={memberName(m)}
              checked={pool.includes(m.id)}
              onChange={(e) => {
                setError(null);
                setPool(e.target.checked ? [...pool, m.id] : pool.filter((id) => id !== m.id));
              }}
            />
          ))}
        </fieldset>
      )}
      {error !== null && <FormAlert>{error}</FormAlert>}
    </ActionDialog>
  );
}

function TagDialog({
  count,
  pending,
  onClose,
  onSubmit,
}: {
  count: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: Submit<'tag'>;
}) {
  const { t } = useTranslation('leads');
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [tags, setTags] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  return (
    <ActionDialog
      title={t('bulk.tagTitle', { count })}
      description={t('bulk.tagBody', { count })}
      submitLabel={mode === 'add' ? t('bulk.tagAdd') : t('bulk.tagRemove')}
      pending={pending}
      onClose={onClose}
      onSubmit={() => {
        if (tags.length === 0) return setError(t('bulk.chooseTags'));
        void onSubmit({ action: 'tag', tags, mode });
      }}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium text-foreground">{t('bulk.tagMode')}</legend>
        {(['add', 'remove'] as const).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="tag-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="size-4 accent-primary"
            />
            {t(`bulk.tagModes.${value}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t('bulk.tagsLabel')} help={t('form.help.tags')} required error={error}>
        <TagInput
          value={tags}
          onChange={(next) => {
            setTags(next);
            setError(undefined);
          }}
          placeholder={t('form.placeholders.tags')}
        />
      </Field>
    </ActionDialog>
  );
}
