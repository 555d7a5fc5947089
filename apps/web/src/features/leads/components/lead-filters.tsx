import { LEAD_SOURCES, LEAD_STATUSES, APPROVAL_STATUSES } from '@leadcapture/contracts/constants';
import { SCORE_MAX, SCORE_MIN } from '@leadcapture/contracts/lead-scoring';
import { ChevronDown, FunnelX, SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  activeFilterCount,
  CLEARED,
  FOLLOW_UP_FILTERS,
  INTEREST_FILTERS,
  type ListChange,
  type ListState,
} from '../utils/list-filters.ts';
import { TagInput } from '../../../components/ui/tag-input.tsx';

export type FilterOption = { value: string; label: string };

/** A filter button that names the filter and how many values are chosen. */
function FilterButton({
  label,
  count,
  active,
  ...props
}: ButtonProps & { label: string; count: number; active: boolean }) {
  const { t } = useTranslation('leads');
  return (
    <Button
      variant={active ? 'secondary' : 'outline'}
      size="sm"
      className={cn(active && 'ring-primary/40')}
      aria-label={count > 0 ? t('filters.withCount', { label, count }) : label}
      {...props}
    >
      {label}
      {count > 0 && (
        <span aria-hidden="true" className="rounded-full bg-primary px-1.5 text-[0.7rem] text-primary-foreground">
          {count}
        </span>
      )}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}

/** Several values of one filter, any of which a lead may have. */
function MultiFilter({
  label,
  options,
  selected,
  onChange,
  groups,
}: {
  label: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  /** Options listed above the others under a separator (Me, Unassigned). */
  groups?: readonly FilterOption[];
}) {
  const { t } = useTranslation('leads');
  const toggle = (value: string, checked: boolean) =>
    onChange(checked ? [...selected, value] : selected.filter((v) => v !== value));
  const item = (option: FilterOption) => (
    <DropdownMenuCheckboxItem
      key={option.value}
      checked={selected.includes(option.value)}
      onCheckedChange={(checked) => toggle(option.value, checked)}
    >
      {option.label}
    </DropdownMenuCheckboxItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <FilterButton label={label} count={selected.length} active={selected.length > 0} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" aria-label={label}>
        {groups !== undefined && groups.length > 0 && (
          <>
            {groups.map(item)}
            <DropdownMenuSeparator />
          </>
        )}
        {options.length === 0 ? <DropdownMenuLabel>{t('filters.noOptions')}</DropdownMenuLabel> : options.map(item)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A filter that needs a small form (a range, tags): applied with its button, not per keystroke. */
function FormFilter({
  label,
  count,
  onApply,
  onClear,
  children,
}: {
  label: string;
  count: number;
  onApply: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('leads');
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <FilterButton label={label} count={count} active={count > 0} />
      </PopoverTrigger>
      <PopoverContent align="start" aria-label={label}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onApply();
            setOpen(false);
          }}
        >
          {children}
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onClear();
                setOpen(false);
              }}
            >
              {t('filters.clear')}
            </Button>
            <Button type="submit" size="sm">
              {t('filters.apply')}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}

const toScore = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  const n = Math.round(Number(text));
  return Number.isFinite(n) ? Math.min(SCORE_MAX, Math.max(SCORE_MIN, n)) : undefined;
};

function ScoreFilter({ state, onChange }: { state: ListState; onChange: (change: ListChange) => void }) {
  const { t } = useTranslation('leads');
  const [min, setMin] = useState(state.scoreMin?.toString() ?? '');
  const [max, setMax] = useState(state.scoreMax?.toString() ?? '');
  const count = (state.scoreMin !== undefined ? 1 : 0) + (state.scoreMax !== undefined ? 1 : 0);
  return (
    <FormFilter
      label={t('filters.score')}
      count={count}
      onApply={() => {
        let low = toScore(min);
        let high = toScore(max);
        if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
        onChange({ scoreMin: low, scoreMax: high });
      }}
      onClear={() => {
        setMin('');
        setMax('');
        onChange({ scoreMin: undefined, scoreMax: undefined });
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('filters.scoreMin')}>
          <Input
            type="number"
            inputMode="numeric"
            min={SCORE_MIN}
            max={SCORE_MAX}
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
        </Field>
        <Field label={t('filters.scoreMax')}>
          <Input
            type="number"
            inputMode="numeric"
            min={SCORE_MIN}
            max={SCORE_MAX}
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </Field>
      </div>
    </FormFilter>
  );
}

function CreatedFilter({ state, onChange }: { state: ListState; onChange: (change: ListChange) => void }) {
  const { t } = useTranslation('leads');
  const [after, setAfter] = useState(state.createdAfter ?? '');
  const [before, setBefore] = useState(state.createdBefore ?? '');
  const count = (state.createdAfter !== undefined ? 1 : 0) + (state.createdBefore !== undefined ? 1 : 0);
  return (
    <FormFilter
      label={t('filters.created')}
      count={count}
      onApply={() => {
        let from = after === '' ? undefined : after;
        let to = before === '' ? undefined : before;
        if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
        onChange({ createdAfter: from, createdBefore: to });
      }}
      onClear={() => {
        setAfter('');
        setBefore('');
        onChange({ createdAfter: undefined, createdBefore: undefined });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('filters.createdAfter')}>
          <Input type="date" value={after} onChange={(e) => setAfter(e.target.value)} />
        </Field>
        <Field label={t('filters.createdBefore')}>
          <Input type="date" value={before} onChange={(e) => setBefore(e.target.value)} />
        </Field>
      </div>
    </FormFilter>
  );
}

function TagsFilter({ state, onChange }: { state: ListState; onChange: (change: ListChange) => void }) {
  const { t } = useTranslation('leads');
  const [tags, setTags] = useState<string[]>(state.tags);
  return (
    <FormFilter
      label={t('filters.tags')}
      count={state.tags.length}
      onApply={() => onChange({ tags })}
      onClear={() => {
        setTags([]);
        onChange({ tags: [] });
      }}
    >
      <Field label={t('filters.tagsLabel')} help={t('filters.tagsHelp')}>
        <TagInput value={tags} onChange={setTags} max={50} placeholder={t('filters.tagsPlaceholder')} />
      </Field>
    </FormFilter>
  );
}

/**
 * The leads list's filters. Each change goes straight into the address (the page reads its
 * state from there), so the list, the back button and a shared link agree.
 */
export function LeadFilters({
  state,
  onChange,
  events,
  members,
  language,
}: {
  state: ListState;
  onChange: (change: ListChange) => void;
  events: readonly FilterOption[];
  members: readonly FilterOption[];
  language: string;
}) {
  const { t } = useTranslation(['leads', 'common']);
  const active = activeFilterCount(state);
  const [open, setOpen] = useState(false);
  const summary = [
    state.createdAfter !== undefined && t('filters.fromDate', { date: formatDate(state.createdAfter, language) }),
    state.createdBefore !== undefined && t('filters.toDate', { date: formatDate(state.createdBefore, language) }),
  ].filter((s): s is string => typeof s === 'string');

  return (
    <>
      {/* On a phone the filters fold behind one button (a disclosure), so the list starts on screen. */}
      <Button
        variant={active > 0 ? 'secondary' : 'outline'}
        className="justify-self-start sm:hidden"
        aria-expanded={open}
        aria-controls="lead-filters"
        onClick={() => setOpen((current) => !current)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {active > 0 ? t('filters.toggleWithCount', { count: active }) : t('filters.toggle')}
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div
        id="lead-filters"
        className={cn('flex flex-wrap items-center gap-2', !open && 'max-sm:hidden')}
        role="group"
        aria-label={t('filters.label')}
      >
        <MultiFilter
          label={t('filters.status')}
          options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          selected={state.status}
          onChange={(values) => onChange({ status: values as ListState['status'] })}
        />
        <MultiFilter
          label={t('filters.interest')}
          options={INTEREST_FILTERS.map((i) => ({ value: i, label: t(`interest.${i}`) }))}
          selected={state.interest}
          onChange={(values) => onChange({ interest: values as ListState['interest'] })}
        />
        <MultiFilter
          label={t('filters.source')}
          options={LEAD_SOURCES.map((s) => ({ value: s, label: t(`common:leadSource.${s}`) }))}
          selected={state.source}
          onChange={(values) => onChange({ source: values as ListState['source'] })}
        />
        <MultiFilter
          label={t('filters.event')}
          options={events}
          selected={state.event}
          onChange={(event) => onChange({ event })}
        />
        <MultiFilter
          label={t('filters.assignedTo')}
          groups={[
            { value: 'me', label: t('filters.assignedToMe') },
            { value: 'unassigned', label: t('filters.unassigned') },
          ]}
          options={members}
          selected={state.assignedTo}
          onChange={(assignedTo) => onChange({ assignedTo })}
        />
        <TagsFilter key={`tags-${state.tags.join(',')}`} state={state} onChange={onChange} />
        <ScoreFilter key={`score-${state.scoreMin}-${state.scoreMax}`} state={state} onChange={onChange} />
        <CreatedFilter key={`created-${state.createdAfter}-${state.createdBefore}`} state={state} onChange={onChange} />
        <MultiFilter
          label={t('filters.approval')}
          options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`approval.${s}`) }))}
          selected={state.approvalStatus}
          onChange={(values) => onChange({ approvalStatus: values as ListState['approvalStatus'] })}
        />
        <Select
          aria-label={t('filters.followUp')}
          className="w-44"
          value={state.followUp ?? ''}
          onChange={(e) => onChange({ followUp: FOLLOW_UP_FILTERS.find((f) => f === e.target.value) })}
          placeholder={t('filters.followUpAny')}
          options={FOLLOW_UP_FILTERS.map((f) => ({ value: f, label: t(`followUpFilter.${f}`) }))}
        />
        {summary.length > 0 && <span className="text-xs text-muted-foreground">{summary.join(' · ')}</span>}
        {(active > 0 || state.search !== '') && (
          <Button variant="ghost" size="sm" onClick={() => onChange(CLEARED)}>
            <FunnelX aria-hidden="true" />
            {t('filters.clearAll')}
          </Button>
        )}
      </div>
    </>
  );
}
