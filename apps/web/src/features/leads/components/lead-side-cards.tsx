import { CalendarClock, CalendarX, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useAssignLead } from '../api/lead-actions.ts';
import { useUpdateLead, type Lead } from '../api/leads.ts';
import { isAssignable, memberName, type OrganizationMember } from '../api/members.ts';
import { fromLocalInput, toLocalInput } from '../utils/dates.ts';
import { isOverdue } from './lead-name.ts';

/**
 * Follow-up scheduling: when to get back to the lead (a date and time in the user's zone, stored
 * in UTC), changed or cleared with `PATCH /leads/{id}/ {follow_up_date}`.
 */
export function FollowUpCard({ lead, canWrite }: { lead: Lead; canWrite: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const language = i18n.language;
  const update = useUpdateLead(lead.id);
  const [value, setValue] = useState(toLocalInput(lead.follow_up_date));
  const [error, setError] = useState<string | undefined>();
  // The lead changed elsewhere (another tab, the edit form): the field follows.
  const [shown, setShown] = useState(lead.follow_up_date);
  if (shown !== lead.follow_up_date) {
    setShown(lead.follow_up_date);
    setValue(toLocalInput(lead.follow_up_date));
  }
  const overdue = isOverdue(lead.follow_up_date);

  const save = (followUp: string | null) =>
    update.mutate(
      { follow_up_date: followUp },
      {
        onSuccess: () =>
          toast.success(
            followUp === null
              ? t('followUp.cleared')
              : t('followUp.scheduled', { date: formatDate(followUp, language, 'PPp') }),
          ),
        onError: (failure) => {
          if (!isHandledGlobally(failure)) toast.error(t('errors.followUp'));
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('followUp.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 pt-3">
        {lead.follow_up_date === null ? (
          <p className="text-sm text-muted-foreground">{t('followUp.none')}</p>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm text-foreground">
            <time dateTime={lead.follow_up_date} className="font-medium">
              {formatDate(lead.follow_up_date, language, 'PPPp')}
            </time>
            <span className="text-muted-foreground">({formatRelative(lead.follow_up_date, language)})</span>
            {overdue && <Badge variant="danger">{t('followUp.overdue')}</Badge>}
          </p>
        )}
        {canWrite && (
          <form
            noValidate
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const iso = fromLocalInput(value);
              if (iso === null || Number.isNaN(Date.parse(iso))) {
                setError(t('followUp.chooseDate'));
                return;
              }
              setError(undefined);
              save(iso);
            }}
          >
            <Field label={t('followUp.when')} error={error}>
              <Input type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" loading={update.isPending && update.variables.follow_up_date !== null}>
                {lead.follow_up_date === null ? t('followUp.schedule') : t('followUp.reschedule')}
              </Button>
              {lead.follow_up_date !== null && (
                <Button
                  variant="outline"
                  size="sm"
                  loading={update.isPending && update.variables.follow_up_date === null}
                  onClick={() => save(null)}
                >
                  <CalendarX aria-hidden="true" />
                  {t('followUp.clear')}
                </Button>
              )}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

const NOBODY = '';

/** Who works the lead: one of the organisation's members, or nobody (`POST /leads/{id}/assign/`). */
export function AssignCard({
  lead,
  members,
  canWrite,
}: {
  lead: Lead;
  members: readonly OrganizationMember[];
  canWrite: boolean;
}) {
  const { t } = useTranslation('leads');
  const assign = useAssignLead(lead.id);
  const current = members.find((m) => m.id === lead.assigned_to);
  // Someone who left the team stays listed on their lead, so the select can show them.
  const options = members.filter((m) => isAssignable(m) || m.id === lead.assigned_to);

  const onChange = (value: string) => {
    const assignedTo = value === NOBODY ? null : value;
    if (assignedTo === lead.assigned_to) return;
    const member = members.find((m) => m.id === assignedTo);
    assign.mutate(
      { assignedTo },
      {
        onSuccess: () =>
          toast.success(member === undefined ? t('assign.unassigned') : t('assign.done', { name: memberName(member) })),
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('errors.assign'));
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCheck aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('assign.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-3">
        {canWrite ? (
          <Field label={t('assign.label')} hideLabel>
            <Select
              value={lead.assigned_to ?? NOBODY}
              disabled={assign.isPending}
              onChange={(e) => onChange(e.target.value)}
              placeholder={t('assign.nobody')}
              options={options.map((m) => ({ value: m.id, label: memberName(m) }))}
            />
          </Field>
        ) : (
          <p className="text-sm text-foreground">
            {lead.assigned_to === null
              ? t('assign.nobody')
              : current === undefined
                ? t('list.unknownMember')
                : memberName(current)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
