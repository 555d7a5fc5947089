import { LEAD_SEARCH_MAX_LENGTH, MERGE_FIELDS, type MergeField, type MergeSide } from '@leadcapture/contracts/leads';
import { COMPANY_SIZES } from '@leadcapture/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, GitMerge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { eventQueryOptions } from '../../events/api/events.ts';
import type { Lead } from '../api/leads.ts';
import { memberName, useMembers } from '../api/members.ts';
import { useMergeCandidates, useMergeLead } from '../api/merge-lead.ts';
import { leadName } from './lead-name.ts';

type Choices = Partial<Record<MergeField, MergeSide>>;

const isCompanySize = (v: string): v is (typeof COMPANY_SIZES)[number] =>
  (COMPANY_SIZES as readonly string[]).includes(v);

/** The server's default (decision 017): the target's value, unless it is empty and the source's is not. */
const isEmpty = (value: unknown) => value === null || value === '' || value === 'not_specified';
function defaultSide(target: Lead, source: Lead, field: MergeField): MergeSide {
  return isEmpty(target[fieldKey(field)]) && !isEmpty(source[fieldKey(field)]) ? 'source' : 'target';
}
/** A merge field is named as the lead's own property (the type checks it). */
const fieldKey = (field: MergeField): keyof Lead => field;

/** The fields whose values differ between the two leads: the only ones worth a choice. */
export function differingFields(target: Lead, source: Lead): MergeField[] {
  return MERGE_FIELDS.filter((f) => JSON.stringify(target[fieldKey(f)]) !== JSON.stringify(source[fieldKey(f)]));
}

/**
 * "Merge with…" on a lead's page (issue 5 §4): pick the other lead (its email's duplicates are
 * suggested), see the fields that differ side by side and choose per field, then merge. The other
 * lead's history moves to this one and it goes to the bin (POST /leads/{id}/merge/).
 */
export function MergeLeadDialog({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<Lead | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const candidates = useMergeCandidates(lead, search, open && source === null);
  const merge = useMergeLead(lead.id);

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setSearch('');
      setSource(null);
      setChoices({});
      merge.reset();
    }
  };

  const pick = (other: Lead) => {
    setSource(other);
    setChoices(Object.fromEntries(differingFields(lead, other).map((f) => [f, defaultSide(lead, other, f)])));
  };

  const confirm = () => {
    if (source === null) return;
    merge.mutate(
      { source, fields: choices },
      {
        onSuccess: () => {
          toast.success(t('merge.done'), { message: t('merge.doneBody', { name: leadName(source) }) });
          reset(false);
        },
        onError: (error) => {
          if (isHandledGlobally(error)) return;
          const gone = isApiError(error) && error.status === 404;
          toast.error(t('merge.failed'), { message: gone ? t('merge.gone') : undefined });
        },
      },
    );
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <GitMerge aria-hidden="true" />
        {t('merge.button')}
      </Button>
      <Modal
        open={open}
        onOpenChange={reset}
        size="2xl"
        title={t('merge.title')}
        description={t('merge.description', { name: leadName(lead) })}
        footer={
          source === null ? (
            <Button variant="outline" onClick={() => reset(false)}>
              {t('actions.cancel')}
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => setSource(null)} disabled={merge.isPending}>
                <ArrowLeft aria-hidden="true" />
                {t('merge.back')}
              </Button>
              <Button loading={merge.isPending} onClick={confirm}>
                {t('merge.confirm')}
              </Button>
            </>
          )
        }
      >
        {source === null ? (
          <div className="grid gap-4">
            <Field label={t('merge.searchLabel')}>
              <Input
                type="search"
                value={search}
                maxLength={LEAD_SEARCH_MAX_LENGTH}
                placeholder={t('merge.searchPlaceholder')}
                onChange={(e) => setSearch(e.target.value)}
              />
            </Field>
            <CandidateList lead={lead} candidates={candidates} onPick={pick} />
          </div>
        ) : (
          <Comparison target={lead} source={source} choices={choices} onChoose={setChoices} />
        )}
      </Modal>
    </>
  );
}

function CandidateList({
  lead,
  candidates,
  onPick,
}: {
  lead: Lead;
  candidates: ReturnType<typeof useMergeCandidates>;
  onPick: (other: Lead) => void;
}) {
  const { t } = useTranslation('leads');
  const heading = candidates.byEmail ? t('merge.suggestions', { email: lead.email }) : t('merge.results');
  return (
    <QueryState
      query={{ data: candidates.candidates, isError: candidates.isError, refetch: candidates.refetch }}
      compact
      errorMessage={t('merge.loadFailed')}
      loading={<Spinner decorative className="size-5" />}
      loadingLabel={t('merge.searching')}
      isEmpty={(list) => list.length === 0}
      empty={
        <p className="text-sm text-muted-foreground">
          {candidates.byEmail ? t('merge.noSuggestions') : t('merge.noResults')}
        </p>
      }
    >
      {(list) => (
        <section className="grid gap-2" aria-label={heading}>
          <h3 className="text-sm font-medium">{heading}</h3>
          <ul className="grid divide-y divide-border rounded-lg ring-1 ring-border">
            {list.map((other) => (
              <li key={other.id} className="flex items-center justify-between gap-3 p-3 text-sm">
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{leadName(other)}</span>
                  <span className="truncate text-muted-foreground">
                    {[other.email, other.company].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onPick(other)}
                  aria-label={t('merge.chooseLead', { name: leadName(other) })}
                >
                  {t('merge.choose')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryState>
  );
}

function Comparison({
  target,
  source,
  choices,
  onChoose,
}: {
  target: Lead;
  source: Lead;
  choices: Choices;
  onChoose: (next: Choices) => void;
}) {
  const { t } = useTranslation('leads');
  const fields = differingFields(target, source);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('merge.compareBody')}</p>
      {fields.length === 0 ? (
        <p className="text-sm">{t('merge.noDifferences')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('merge.compareTitle')}</caption>
          <thead>
            <tr className="text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('merge.field')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('merge.thisLead')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('merge.otherLead', { name: leadName(source) })}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row" className="py-2 pr-3 font-medium">
                  {t(`fields.${field}`)}
                </th>
                {(['target', 'source'] as const).map((side) => (
                  <td key={side} className="py-2 pr-3 align-top">
                    <label className="flex cursor-pointer items-start gap-2">
                      <input
                        type="radio"
                        name={`merge-${field}`}
                        className="mt-1"
                        checked={(choices[field] ?? 'target') === side}
                        onChange={() => onChoose({ ...choices, [field]: side })}
                      />
                      <FieldValue lead={side === 'target' ? target : source} field={field} />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** A field's value as the lead's page shows it ("(empty)" when there is none). */
function FieldValue({ lead, field }: { lead: Lead; field: MergeField }) {
  const { t, i18n } = useTranslation('leads');
  const { members } = useMembers();
  const event = useQuery({ ...eventQueryOptions(lead.event ?? ''), enabled: field === 'event' && lead.event !== null });
  const empty = <span className="text-muted-foreground italic">{t('merge.empty')}</span>;
  switch (field) {
    case 'status':
      return <span>{t(`status.${lead.status}`)}</span>;
    case 'interest':
      return <span>{t(`interest.${lead.interest ?? 'none'}`)}</span>;
    case 'budget_range':
      return <span>{t(`budget.${lead.budget_range}`)}</span>;
    case 'decision_timeline':
      return <span>{t(`decisionTimeline.${lead.decision_timeline}`)}</span>;
    case 'decision_role':
      return <span>{t(`role.${lead.decision_role}`)}</span>;
    case 'company_size':
      if (lead.company_size === '') return empty;
      return (
        <span>{isCompanySize(lead.company_size) ? t(`companySize.${lead.company_size}`) : lead.company_size}</span>
      );
    case 'assigned_to': {
      if (lead.assigned_to === null) return empty;
      const member = members.find((m) => m.id === lead.assigned_to);
      return <span>{member ? memberName(member) : t('list.unknownMember')}</span>;
    }
    case 'follow_up_date':
      return lead.follow_up_date === null ? (
        empty
      ) : (
        <span>{formatDate(lead.follow_up_date, i18n.language, 'PPp')}</span>
      );
    case 'event':
      if (lead.event === null) return empty;
      return <span>{event.data?.name ?? t('list.unknownEvent')}</span>;
    case 'manual_score':
      return lead.manual_score === null ? empty : <span>{lead.manual_score}</span>;
    default: {
      const value = lead[field];
      return value === '' ? empty : <span className="break-words whitespace-pre-line">{value}</span>;
    }
  }
}
