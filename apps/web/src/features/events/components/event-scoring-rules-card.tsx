import type { AnswerRule, AnswerRuleOperator } from '@leadcapture/contracts/answer-rules';
import { LEAD_INTERESTS, type LeadInterest } from '@leadcapture/contracts/constants';
import { isInputField, isMultiChoice, type FormField } from '@leadcapture/contracts/form-fields';
import { ANSWER_RULE_LIMITS } from '@leadcapture/contracts/qualification';
import { SCORE_POINTS_LIMIT } from '@leadcapture/contracts/lead-scoring';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryError, QueryLoading, SkeletonRows } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { isHandledGlobally, validationDetails } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useEventScoringRules, useUpdateEventScoringRules, type QualifiedPageKind } from '../api/qualification.ts';

/** How a rule reads a field: its answer's shape decides the conditions and how values are picked. */
type FieldKind = 'choice' | 'multi' | 'check' | 'text' | 'number';

export function fieldKind(field: FormField): FieldKind | null {
  switch (field.type) {
    case 'select':
    case 'radio':
      return 'choice';
    case 'checkbox':
      return isMultiChoice(field) ? 'multi' : 'check';
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
      return 'text';
    case 'number':
    case 'rating':
      return 'number';
    default:
      return null;
  }
}

const OPERATORS: Record<FieldKind, readonly AnswerRuleOperator[]> = {
  choice: ['equals', 'one_of'],
  multi: ['equals', 'one_of', 'contains'],
  check: ['equals'],
  text: ['equals', 'one_of', 'contains'],
  number: ['equals', 'one_of'],
};

/** A rule as edited: points as typed, the interest '' for none, a local key for React. */
type Draft = {
  key: string;
  id: string | undefined;
  label: string;
  field: string;
  operator: AnswerRuleOperator;
  values: string[];
  points: string;
  interest: LeadInterest | '';
};

let drafts = 0;
const draftOf = (rule: AnswerRule): Draft => ({
  key: `rule-${(drafts += 1)}`,
  id: rule.id,
  label: rule.label,
  field: rule.field,
  operator: rule.operator,
  values: rule.values,
  points: String(rule.points),
  interest: rule.interest ?? '',
});

/** What is wrong with a draft before it is sent (the server checks the same, and more). */
function draftProblem(draft: Draft, fields: readonly FormField[]): string | null {
  if (draft.label.trim() === '') return 'label';
  if (!fields.some((f) => f.id === draft.field)) return 'field';
  if (draft.values.filter((v) => v.trim() !== '').length === 0) return 'values';
  const points = Number(draft.points === '' ? '0' : draft.points);
  if (!Number.isInteger(points) || Math.abs(points) > SCORE_POINTS_LIMIT) return 'points';
  if (points === 0 && draft.interest === '') return 'effect';
  return null;
}

/**
 * Scoring from the event's own answers (docs/leads-scoring.md): rules like "buying within 3
 * months adds 20" or "interested in Pricing sets interest warm", over the saved form's
 * questions. Saving rescores the event's leads.
 */
export function EventScoringRulesCard({
  eventId,
  formFields,
  canEdit,
  kind = 'event',
}: {
  eventId: string;
  formFields: readonly FormField[];
  canEdit: boolean;
  /** An offer's answers are scored the same way (`/offers/{id}/scoring_rules/`). */
  kind?: QualifiedPageKind;
}) {
  const { t } = useTranslation('events');
  const rules = useEventScoringRules(eventId, kind);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('answerRules.title')}</CardTitle>
        <CardDescription>
          {kind === 'offer' ? t('answerRules.descriptionOffer') : t('answerRules.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        {rules.data ? (
          <RulesEditor
            eventId={eventId}
            kind={kind}
            saved={rules.data.rules}
            formFields={formFields}
            canEdit={canEdit}
          />
        ) : rules.isError ? (
          <QueryError message={t('answerRules.loadFailed')} onRetry={() => void rules.refetch()} />
        ) : (
          <QueryLoading label={t('answerRules.loading')}>
            <SkeletonRows rows={2} className="h-16 w-full" />
          </QueryLoading>
        )}
      </CardContent>
    </Card>
  );
}

function RulesEditor({
  eventId,
  kind,
  saved,
  formFields,
  canEdit,
}: {
  eventId: string;
  kind: QualifiedPageKind;
  saved: readonly AnswerRule[];
  formFields: readonly FormField[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('events');
  const update = useUpdateEventScoringRules(eventId, kind);
  const [rows, setRows] = useState<Draft[]>(() => saved.map(draftOf));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fields = formFields.filter((f) => isInputField(f) && fieldKind(f) !== null);

  const change = (key: string, patch: Partial<Draft>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const add = () => {
    const first = fields[0];
    setRows((current) => [
      ...current,
      {
        key: `rule-${(drafts += 1)}`,
        id: undefined,
        label: '',
        field: first?.id ?? '',
        operator: 'equals',
        values: [],
        points: '10',
        interest: '',
      },
    ]);
  };

  const save = async () => {
    setFailure(null);
    const found: Record<string, string> = {};
    for (const row of rows) {
      const problem = draftProblem(row, fields);
      if (problem !== null) found[row.key] = t(`answerRules.problems.${problem}` as 'answerRules.problems.label');
    }
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFailure(t('answerRules.fix'));
      return;
    }
    try {
      const stored = await update.mutateAsync({
        rules: rows.map((row) => ({
          ...(row.id ? { id: row.id } : {}),
          label: row.label.trim(),
          field: row.field,
          operator: row.operator,
          values: row.values.map((v) => v.trim()).filter((v) => v !== ''),
          points: Number(row.points === '' ? '0' : row.points),
          interest: row.interest === '' ? null : row.interest,
        })),
      });
      setRows(stored.rules.map(draftOf));
      toast.success(kind === 'offer' ? t('answerRules.savedOffer') : t('answerRules.saved'));
    } catch (error) {
      if (isHandledGlobally(error)) return;
      const details = validationDetails(error);
      if (details === null) {
        setFailure(t('answerRules.saveFailed'));
        return;
      }
      const byRow: Record<string, string> = {};
      for (const path of Object.keys(details)) {
        const index = Number(/^rules\.(\d+)/.exec(path)?.[1]);
        const row = rows[index];
        if (row) byRow[row.key] = t('answerRules.problems.server');
      }
      setProblems(byRow);
      setFailure(t('answerRules.fix'));
    }
  };

  if (fields.length === 0 && rows.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title={t('answerRules.noFieldsTitle')}
        description={kind === 'offer' ? t('answerRules.noFieldsBodyOffer') : t('answerRules.noFieldsBody')}
      />
    );
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label={t('answerRules.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      {rows.length === 0 && <p className="text-sm text-muted-foreground">{t('answerRules.none')}</p>}
      <ol className="grid gap-3">
        {rows.map((row, index) => (
          <RuleRow
            key={row.key}
            index={index}
            row={row}
            fields={fields}
            problem={problems[row.key]}
            disabled={!canEdit}
            onChange={(patch) => change(row.key, patch)}
            onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
          />
        ))}
      </ol>
      {canEdit && (
        <div className="flex flex-wrap justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={add}
            disabled={fields.length === 0 || rows.length >= ANSWER_RULE_LIMITS.rules}
          >
            <Plus aria-hidden="true" />
            {t('answerRules.add')}
          </Button>
          <Button type="submit" variant="secondary" loading={update.isPending}>
            {t('answerRules.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function RuleRow({
  index,
  row,
  fields,
  problem,
  disabled,
  onChange,
  onRemove,
}: {
  index: number;
  row: Draft;
  fields: readonly FormField[];
  problem: string | undefined;
  disabled: boolean;
  onChange: (patch: Partial<Draft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('events');
  const field = fields.find((f) => f.id === row.field);
  const kind = field ? fieldKind(field) : null;
  const operators = kind ? OPERATORS[kind] : (['equals'] as const);
  const number = index + 1;
  const fieldOptions = fields.map((f) => ({ value: f.id, label: f.label || f.id }));
  if (!field) fieldOptions.push({ value: row.field, label: t('answerRules.missingField', { id: row.field }) });

  return (
    <li
      className="grid gap-3 rounded-lg border border-border p-3 sm:p-4"
      aria-label={t('answerRules.rule', { number, label: row.label })}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('answerRules.label')} help={t('answerRules.labelHelp')}>
          <Input
            value={row.label}
            maxLength={ANSWER_RULE_LIMITS.label}
            disabled={disabled}
            onChange={(e) => onChange({ label: e.target.value })}
          />
        </Field>
        <Field label={t('answerRules.field')}>
          <Select
            options={fieldOptions}
            value={row.field}
            disabled={disabled}
            onChange={(e) => {
              const next = fields.find((f) => f.id === e.target.value);
              const nextKind = next ? fieldKind(next) : null;
              onChange({
                field: e.target.value,
                operator: 'equals',
                values: nextKind === 'check' ? ['true'] : [],
              });
            }}
          />
        </Field>
        <Field label={t('answerRules.condition')}>
          <Select
            options={operators.map((op) => ({
              value: op,
              label: t(`answerRules.operators.${kind === 'multi' ? 'multi' : 'single'}.${op}`),
            }))}
            value={row.operator}
            disabled={disabled}
            onChange={(e) => onChange({ operator: e.target.value as AnswerRuleOperator, values: [] })}
          />
        </Field>
        {field && kind && <RuleValues field={field} kind={kind} row={row} disabled={disabled} onChange={onChange} />}
        <Field label={t('answerRules.points')} help={t('answerRules.pointsHelp')}>
          <Input
            type="number"
            inputMode="numeric"
            min={-SCORE_POINTS_LIMIT}
            max={SCORE_POINTS_LIMIT}
            step={1}
            value={row.points}
            disabled={disabled}
            onChange={(e) => onChange({ points: e.target.value })}
          />
        </Field>
        <Field label={t('answerRules.interest')}>
          <Select
            options={[
              { value: '', label: t('answerRules.interestNone') },
              ...LEAD_INTERESTS.map((i) => ({ value: i, label: t(`answerRules.interests.${i}`) })),
            ]}
            value={row.interest}
            disabled={disabled}
            onChange={(e) => onChange({ interest: e.target.value as LeadInterest | '' })}
          />
        </Field>
      </div>
      {problem !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive-soft-foreground">
          {problem}
        </p>
      )}
      {!disabled && (
        <div className="flex justify-end">
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {t('answerRules.remove', { number })}
          </Button>
        </div>
      )}
    </li>
  );
}

function RuleValues({
  field,
  kind,
  row,
  disabled,
  onChange,
}: {
  field: FormField;
  kind: FieldKind;
  row: Draft;
  disabled: boolean;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const { t } = useTranslation('events');
  const label = t('answerRules.value');
  const pickOne = row.operator === 'equals';
  if (kind === 'check') {
    return (
      <Field label={label}>
        <Select
          options={[
            { value: 'true', label: t('answerRules.ticked') },
            { value: 'false', label: t('answerRules.notTicked') },
          ]}
          value={row.values[0] ?? 'true'}
          disabled={disabled}
          onChange={(e) => onChange({ values: [e.target.value] })}
        />
      </Field>
    );
  }
  if (kind === 'choice' || kind === 'multi') {
    if (pickOne) {
      return (
        <Field label={label}>
          <Select
            options={field.options.map((o) => ({ value: o, label: o }))}
            placeholder={t('answerRules.chooseOption')}
            value={row.values[0] ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ values: e.target.value === '' ? [] : [e.target.value] })}
          />
        </Field>
      );
    }
    return (
      <fieldset className="grid gap-1.5" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium text-foreground">{t('answerRules.values')}</legend>
        {field.options.map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={row.values.includes(option)}
            onChange={(e) =>
              onChange({
                values: e.target.checked ? [...row.values, option] : row.values.filter((v) => v !== option),
              })
            }
          />
        ))}
      </fieldset>
    );
  }
  if (row.operator === 'one_of') {
    return (
      <Field label={t('answerRules.values')} help={t('answerRules.valuesHelp')}>
        <TagInput
          value={row.values}
          onChange={(values) => onChange({ values })}
          max={ANSWER_RULE_LIMITS.values}
          maxLength={ANSWER_RULE_LIMITS.value}
          disabled={disabled}
        />
      </Field>
    );
  }
  return (
    <Field label={label}>
      <Input
        type={kind === 'number' ? 'number' : 'text'}
        value={row.values[0] ?? ''}
        maxLength={ANSWER_RULE_LIMITS.value}
        disabled={disabled}
        onChange={(e) => onChange({ values: e.target.value === '' ? [] : [e.target.value] })}
      />
    </Field>
  );
}
