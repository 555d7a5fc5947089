import { LEAD_RETENTION_DAYS, LEAD_STATUSES, type LeadStatus } from '@leadcapture/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarRange, ListChecks, RotateCcw, Tags, Trash2, UserPlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import type { BulkJob } from '@leadcapture/contracts/data-bulk';
import {
  bulkJobQueryOptions,
  bulkJobsQueryKey,
  isBulkJobRunning,
  useStartBulkJob,
  type StartBulkJob,
} from '../../data/api/data-bulk.ts';
import { leadsQueryKey } from '../api/leads.ts';
import { isAssignable, memberName, type OrganizationMember } from '../api/members.ts';
import { TagInput } from '../../../components/ui/tag-input.tsx';

/** What the bar acts on: the chosen leads, or every lead the list's filter matches. */
export type BulkSelection = { ids: string[] } | { filters: NonNullable<StartBulkJob['filters']> };

/** One action and its parameters, as a bulk job of the data centre takes them. */
type BulkRequest = Pick<StartBulkJob, 'action' | 'params'>;
type BulkAction = StartBulkJob['action'];
type Dialog = 'status' | 'assign' | 'tag' | 'event' | 'delete' | 'restore' | null;

const NOTE_MAX = 5000;
/** How often a running job's progress is read. */
const JOB_POLL_MS = 500;
/** The i18n keys of the leads list's bulk messages name the tag action `tag`. */
const messageKey = (action: BulkAction) => (action === 'tags' ? 'tag' : action);

/**
 * The bar over the leads list while leads are chosen (a page's, or all the filter matches):
 * change status (with an optional note), assign (one member, or round-robin across several),
 * add or remove tags, move to an event, delete, and in the bin restore. Each asks for
 * confirmation naming how many leads it touches, then runs as a bulk job of the data centre
 * (`POST /data/bulk/`), whose progress shows in the bar; when it ends the list is refetched and a
 * toast says how many leads changed, with a link to the job in the data centre.
 */
export function BulkActions({
  selection,
  count,
  bin,
  members,
  events,
  selectAll,
  onDone,
  onClear,
}: {
  selection: BulkSelection;
  /** Leads the selection holds (the list's count when it is the filter). */
  count: number;
  bin: boolean;
  members: readonly OrganizationMember[];
  events: readonly { value: string; label: string }[];
  /** Offered when the whole page is chosen and the filter matches more. */
  selectAll?: { count: number; onSelect: () => void } | undefined;
  /** Called when a job finished (the page clears its selection). */
  onDone: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const { lp } = useLocalizedPath();
  const queryClient = useQueryClient();
  const start = useStartBulkJob();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The running job's progress; null while no job runs. */
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const formatted = formatNumber(count, i18n.language);
  /** Off once the bar is gone: the job runs on, and the data page's Bulk tab follows it. */
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  /** Follows a started job twice a second until it ends, then refetches what it changed. */
  const follow = async (started: BulkJob): Promise<void> => {
    let job = started;
    setProgress(job.progress);
    while (isBulkJobRunning(job)) {
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
      if (!shown.current) return;
      try {
        job = await queryClient.query({ ...bulkJobQueryOptions(job.id), staleTime: 0 });
        setProgress(job.progress);
      } catch {
        // A lost poll (the network) is tried again at the next turn; the job runs on the server.
      }
    }
    // Any lead on any page may have changed: lists and open leads are refetched.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['analytics'] }),
      queryClient.invalidateQueries({ queryKey: ['events'] }),
      queryClient.invalidateQueries({ queryKey: bulkJobsQueryKey }),
    ]);
    const key = messageKey(job.action);
    if (job.status === 'done')
      toast.success(t(`bulk.done.${key}`, { count: job.changed, formatted: formatNumber(job.changed, i18n.language) }));
    else toast.error(t(`bulk.failed.${key}`), { message: job.failure || undefined });
    setProgress(null);
    onDone();
  };

  const run = async (request: BulkRequest): Promise<boolean> => {
    let started: BulkJob;
    try {
      const body = { resource: 'leads', ...selection, ...request } as StartBulkJob;
      started = await start.mutateAsync(body);
    } catch (error) {
      if (!isHandledGlobally(error)) toast.error(t(`bulk.failed.${messageKey(request.action)}`));
      return false;
    }
    setDialog(null);
    void follow(started);
    return true;
  };

  const running = progress !== null;
  const pending = start.isPending;

  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="sticky bottom-3 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-popover p-2.5 shadow-lg md:top-3 md:bottom-auto"
    >
      <span className="flex items-center gap-2 px-1.5 text-sm font-medium text-foreground" aria-live="polite">
        <ListChecks aria-hidden="true" className="size-4 text-primary-soft-foreground" />
        {'filters' in selection
          ? t('bulk.allMatching', { count, formatted })
          : t('bulk.selected', { count, formatted })}
      </span>
      {selectAll && !running && (
        <Button size="sm" variant="link" onClick={selectAll.onSelect}>
          {t('bulk.selectAll', {
            count: selectAll.count,
            formatted: formatNumber(selectAll.count, i18n.language),
          })}
        </Button>
      )}
      {running ? (
        <div className="flex min-w-60 flex-1 flex-wrap items-center justify-end gap-3">
          <Progress
            className="max-w-72 flex-1"
            value={progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
            label={t('bulk.running', {
              done: formatNumber(progress.done, i18n.language),
              total: formatNumber(progress.total, i18n.language),
            })}
          />
          <Link
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            to={lp('/dashboard/data?tab=bulk')}
          >
            {t('bulk.seeJobs')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-1 flex-wrap justify-end gap-2">
          {bin ? (
            <Button size="sm" onClick={() => setDialog('restore')}>
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
              <Button size="sm" variant="secondary" onClick={() => setDialog('event')}>
                <CalendarRange aria-hidden="true" />
                {t('bulk.event')}
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
      )}

      {dialog === 'status' && (
        <StatusDialog count={count} pending={pending} onClose={() => setDialog(null)} onSubmit={run} />
      )}
      {dialog === 'assign' && (
        <AssignDialog
          count={count}
          members={members}
          pending={pending}
          onClose={() => setDialog(null)}
          onSubmit={run}
        />
      )}
      {dialog === 'tag' && <TagDialog count={count} pending={pending} onClose={() => setDialog(null)} onSubmit={run} />}
      {dialog === 'event' && (
        <EventDialog count={count} events={events} pending={pending} onClose={() => setDialog(null)} onSubmit={run} />
      )}
      <Modal
        open={dialog === 'delete' || dialog === 'restore'}
        onOpenChange={(open) => !open && setDialog(null)}
        size="sm"
        title={
          dialog === 'restore'
            ? t('bulk.restoreTitle', { count, formatted })
            : t('bulk.deleteTitle', { count, formatted })
        }
        description={
          dialog === 'restore'
            ? t('bulk.restoreBody', { count, formatted })
            : t('bulk.deleteBody', { count, days: LEAD_RETENTION_DAYS })
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setDialog(null)}>
              {t('actions.cancel')}
            </Button>
            {dialog === 'restore' ? (
              <Button loading={pending} onClick={() => void run({ action: 'restore', params: {} })}>
                {t('bulk.restoreConfirm', { count, formatted })}
              </Button>
            ) : (
              <Button
                variant="destructive"
                loading={pending}
                onClick={() => void run({ action: 'delete', params: {} })}
              >
                {t('bulk.deleteConfirm', { count, formatted })}
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}

type Submit = (request: BulkRequest) => Promise<boolean>;

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
  onSubmit: Submit;
}) {
  const { t } = useTranslation('leads');
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [note, setNote] = useState('');
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
        void onSubmit({ action: 'status', params: { status, ...(note.trim() === '' ? {} : { note: note.trim() }) } });
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
  onSubmit: Submit;
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
          void onSubmit({ action: 'assign', params: { assigned_to: member === UNASSIGN ? null : member } });
        } else {
          if (pool.length === 0) return setError(t('bulk.chooseMembers'));
          void onSubmit({ action: 'assign', params: { round_robin: pool } });
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
  onSubmit: Submit;
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
        void onSubmit({ action: 'tags', params: { tags, mode } });
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

function EventDialog({
  count,
  events,
  pending,
  onClose,
  onSubmit,
}: {
  count: number;
  events: readonly { value: string; label: string }[];
  pending: boolean;
  onClose: () => void;
  onSubmit: Submit;
}) {
  const { t } = useTranslation('leads');
  const NONE = 'none';
  const [event, setEvent] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ActionDialog
      title={t('bulk.eventTitle', { count })}
      description={t('bulk.eventBody', { count })}
      submitLabel={t('bulk.eventSubmit')}
      pending={pending}
      onClose={onClose}
      onSubmit={() => {
        if (event === '') return setError(t('bulk.chooseEvent'));
        void onSubmit({ action: 'event', params: { event: event === NONE ? null : event } });
      }}
    >
      <Field label={t('bulk.eventLabel')} required error={error}>
        <Select
          value={event}
          onChange={(e) => {
            setError(undefined);
            setEvent(e.target.value);
          }}
          placeholder={t('bulk.chooseEvent')}
          options={[{ value: NONE, label: t('bulk.noEvent') }, ...events]}
        />
      </Field>
    </ActionDialog>
  );
}
