import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { isInputField, type FormField } from '@leadcapture/contracts/form-fields';
import { ArrowDown, ArrowUp, CircleAlert, Copy, GripVertical, Trash2 } from 'lucide-react';
import { memo, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { useFieldName, useTypeName } from './builder-text.ts';
import { FIELD_TYPE_ICONS } from './field-types.ts';

/** What the cards ask the builder to do; one stable object, so that cards render only when their field changes. */
export type CardActions = {
  select: (id: string) => void;
  move: (id: string, to: number, control: 'up' | 'down') => void;
  duplicate: (id: string) => void;
  remove: (id: string) => void;
};

type FieldCardProps = {
  field: FormField;
  index: number;
  count: number;
  selected: boolean;
  /** How many problems the field has (definition and server errors together). */
  problems: number;
  disabled: boolean;
  canDuplicate: boolean;
  actions: CardActions;
};

/** One field on the canvas: a sortable card with its handle, summary and actions. */
export const FieldCard = memo(function FieldCard(props: FieldCardProps) {
  const { t } = useTranslation('builder');
  const { field, disabled } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    disabled,
    attributes: { roleDescription: t('announce.roleDescription') },
  });
  return (
    <FieldCardView
      {...props}
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      dragging={isDragging}
      handle={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
    />
  );
});

type FieldCardViewProps = FieldCardProps & {
  ref?: Ref<HTMLDivElement>;
  style?: CSSProperties;
  dragging?: boolean;
  /** The drag handle's wiring; absent on the drag overlay's copy. */
  handle?: { ref: (element: HTMLElement | null) => void; props: Record<string, unknown> };
  overlay?: boolean;
};

/** The card itself, also drawn (without behaviour) in the drag overlay. */
export function FieldCardView({
  field,
  index,
  count,
  selected,
  problems,
  disabled,
  canDuplicate,
  actions,
  ref,
  style,
  dragging = false,
  handle,
  overlay = false,
}: FieldCardViewProps) {
  const { t } = useTranslation('builder');
  const typeName = useTypeName();
  const fieldName = useFieldName();
  const Icon = FIELD_TYPE_ICONS[field.type];
  const name = fieldName(field);
  const summary = cardSummary(field, t);
  const hasProblems = problems > 0;
  return (
    <div
      ref={ref}
      style={style}
      data-builder-field={overlay ? undefined : field.id}
      data-builder-overlay={overlay ? field.id : undefined}
      // The overlay is a picture of the card being dragged; the card itself stays in the list.
      aria-hidden={overlay || undefined}
      className={cn(
        'group relative flex items-stretch gap-1 rounded-xl border bg-card p-1.5 shadow-xs transition-[border-color,box-shadow]',
        selected ? 'border-primary ring-2 ring-primary/25' : 'border-border hover:border-input',
        hasProblems && !selected && 'border-destructive/60',
        dragging && 'opacity-40',
        overlay && 'cursor-grabbing shadow-lg ring-2 ring-primary/30',
      )}
    >
      {hasProblems && <span aria-hidden="true" className="absolute inset-y-2 left-0 w-1 rounded-full bg-destructive" />}
      <button
        type="button"
        ref={handle?.ref}
        {...handle?.props}
        aria-label={t('canvas.drag', { name })}
        disabled={disabled}
        tabIndex={overlay ? -1 : 0}
        className="flex w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        data-card-control="select"
        onClick={() => actions.select(field.id)}
        aria-current={selected ? 'true' : undefined}
        tabIndex={overlay ? -1 : 0}
        className="flex min-w-0 flex-1 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 text-left focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span
          className={cn(
            'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg',
            hasProblems ? 'bg-destructive-soft text-destructive-soft-foreground' : 'bg-muted text-muted-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span>{typeName(field)}</span>
            {summary !== null && (
              <>
                <span aria-hidden="true">·</span>
                <span className="max-w-full truncate">{summary}</span>
              </>
            )}
          </span>
          <span className="flex flex-wrap gap-1.5">
            {isInputField(field) && field.required && <Badge variant="primary">{t('canvas.required')}</Badge>}
            <Badge>{t(`width.badge.${field.width}`)}</Badge>
            {hasProblems && (
              <Badge variant="danger">
                <CircleAlert aria-hidden="true" className="size-3" />
                {t('canvas.problems', { count: problems })}
              </Badge>
            )}
          </span>
        </span>
      </button>
      <div className="flex shrink-0 flex-col items-center justify-center gap-0.5 @sm:flex-row">
        <Button
          variant="ghost"
          size="icon-sm"
          data-card-control="up"
          aria-label={t('canvas.moveUp', { name })}
          disabled={disabled || index === 0}
          tabIndex={overlay ? -1 : undefined}
          onClick={() => actions.move(field.id, index - 1, 'up')}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          data-card-control="down"
          aria-label={t('canvas.moveDown', { name })}
          disabled={disabled || index === count - 1}
          tabIndex={overlay ? -1 : undefined}
          onClick={() => actions.move(field.id, index + 1, 'down')}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
      </div>
      <div className="flex shrink-0 flex-col items-center justify-center gap-0.5 @sm:flex-row">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('canvas.duplicate', { name })}
          disabled={disabled || !canDuplicate}
          tabIndex={overlay ? -1 : undefined}
          onClick={() => actions.duplicate(field.id)}
        >
          <Copy aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          data-card-control="remove"
          aria-label={t('canvas.remove', { name })}
          disabled={disabled}
          tabIndex={overlay ? -1 : undefined}
          onClick={() => actions.remove(field.id)}
          className="hover:bg-destructive-soft hover:text-destructive-soft-foreground"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'builder'>>['t'];

/** A second line that tells similar cards apart: the first options, a URL, a height. */
function cardSummary(field: FormField, t: T): string | null {
  switch (field.type) {
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'features_list':
      return field.options.length > 0 ? field.options.filter((o) => o !== '').join(', ') : null;
    case 'image':
    case 'video':
    case 'button':
      return field.url === '' ? t('canvas.noAddress') : field.url;
    case 'spacer':
      return t('canvas.spacerHeight', { height: field.height });
    case 'heading':
      return `H${field.heading_level}`;
    case 'banner':
    case 'info_section':
      return field.label.trim() !== '' && field.content.trim() !== ''
        ? (field.content.trim().split('\n')[0] ?? null)
        : null;
    default:
      return field.placeholder.trim() === '' ? null : field.placeholder;
  }
}
