import { ASSIGNMENT_MODES, type AssignmentMode } from '@leadcapture/contracts/qualification';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { QueryError, QueryLoading, SkeletonRows } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { isAssignable, memberName, useMembers } from '../../leads/api/members.ts';
import {
  useEventAssignment,
  useUpdateEventAssignment,
  type EventAssignment,
  type QualifiedPageKind,
} from '../api/qualification.ts';

/**
 * The event's assignment of new captures (docs/leads-scoring.md): nobody, one member, or in turn
 * among chosen members (all who work on leads when none are chosen). Members marked unavailable
 * on the team page are skipped when a capture arrives.
 */
export function EventAssignmentCard({
  eventId,
  canEdit,
  kind = 'event',
}: {
  eventId: string;
  canEdit: boolean;
  /** An offer's page is assigned the same way (`/offers/{id}/assignment/`). */
  kind?: QualifiedPageKind;
}) {
  const { t } = useTranslation('events');
  const assignment = useEventAssignment(eventId, kind);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('assignment.title')}</CardTitle>
        <CardDescription>
          {kind === 'offer' ? t('assignment.descriptionOffer') : t('assignment.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        {assignment.data ? (
          <AssignmentForm eventId={eventId} kind={kind} saved={assignment.data} canEdit={canEdit} />
        ) : assignment.isError ? (
          <QueryError message={t('assignment.loadFailed')} onRetry={() => void assignment.refetch()} />
        ) : (
          <QueryLoading label={t('assignment.loading')}>
            <SkeletonRows rows={3} className="h-6 w-full" />
          </QueryLoading>
        )}
      </CardContent>
    </Card>
  );
}

function AssignmentForm({
  eventId,
  kind,
  saved,
  canEdit,
}: {
  eventId: string;
  kind: QualifiedPageKind;
  saved: EventAssignment;
  canEdit: boolean;
}) {
  const { t } = useTranslation('events');
  const { members } = useMembers();
  const update = useUpdateEventAssignment(eventId, kind);
  const [mode, setMode] = useState<AssignmentMode>(saved.mode);
  const [fixed, setFixed] = useState(saved.mode === 'fixed' ? (saved.user_ids[0] ?? '') : '');
  const [chosen, setChosen] = useState<string[]>(saved.mode === 'round_robin' ? saved.user_ids : []);
  const [failure, setFailure] = useState<string | null>(null);
  const assignable = members.filter(isAssignable);
  const options = assignable.map((m) => ({ value: m.id, label: memberName(m) }));

  const save = async () => {
    setFailure(null);
    if (mode === 'fixed' && fixed === '') {
      setFailure(t('assignment.chooseOne'));
      return;
    }
    const user_ids = mode === 'fixed' ? [fixed] : mode === 'round_robin' ? chosen : [];
    try {
      await update.mutateAsync({ mode, user_ids });
      toast.success(t('assignment.saved'));
    } catch (error) {
      if (isHandledGlobally(error)) return;
      setFailure(validationDetails(error) !== null ? t('assignment.memberGone') : t('assignment.saveFailed'));
    }
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label={t('assignment.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <fieldset className="grid gap-2" disabled={!canEdit}>
        <legend className="mb-1 text-sm font-medium text-foreground">{t('assignment.mode')}</legend>
        {ASSIGNMENT_MODES.map((value) => (
          <div key={value} className="flex items-start gap-2.5 text-sm">
            <input
              type="radio"
              id={`assignment-mode-${value}`}
              name="assignment-mode"
              value={value}
              checked={mode === value}
              aria-describedby={`assignment-mode-${value}-help`}
              onChange={() => setMode(value)}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
            />
            <span className="grid gap-0.5">
              <label htmlFor={`assignment-mode-${value}`} className="cursor-pointer font-medium text-foreground">
                {t(`assignment.modes.${value}.label`)}
              </label>
              <span id={`assignment-mode-${value}-help`} className="text-xs text-muted-foreground">
                {t(`assignment.modes.${value}.help`)}
              </span>
            </span>
          </div>
        ))}
      </fieldset>

      {mode === 'fixed' && (
        <Field label={t('assignment.member')} help={t('assignment.memberHelp')}>
          <Select
            options={options}
            placeholder={t('assignment.choose')}
            value={fixed}
            disabled={!canEdit}
            onChange={(e) => setFixed(e.target.value)}
          />
        </Field>
      )}

      {mode === 'round_robin' && (
        <fieldset className="grid gap-2" disabled={!canEdit}>
          <legend className="mb-1 text-sm font-medium text-foreground">{t('assignment.members')}</legend>
          <p className="text-xs text-muted-foreground">{t('assignment.membersHelp')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {assignable.map((member) => (
              <Checkbox
                key={member.id}
                label={memberName(member)}
                checked={chosen.includes(member.id)}
                onChange={(e) =>
                  setChosen((current) =>
                    e.target.checked ? [...current, member.id] : current.filter((id) => id !== member.id),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
      )}

      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" loading={update.isPending}>
            {t('assignment.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
