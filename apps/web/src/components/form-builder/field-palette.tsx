import { useDraggable } from '@dnd-kit/core';
import type { FormFieldType } from '@leadcapture/contracts/form-fields';
import { useId, type PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { FIELD_TYPE_ICONS, PALETTE_GROUPS } from './field-types.ts';

/** The draggable id of a palette entry; field ids cannot contain a colon, so the two never meet. */
export function paletteId(type: FormFieldType): string {
  return `palette:${type}`;
}

export type PaletteData = { source: 'palette'; type: FormFieldType };

export function isPaletteData(data: unknown): data is PaletteData {
  return typeof data === 'object' && data !== null && 'source' in data && data.source === 'palette';
}

type FieldPaletteProps = {
  onAdd: (type: FormFieldType) => void;
  /** Whether entries can also be dragged onto the canvas (not from the sheet of narrow screens). */
  draggable: boolean;
  disabled: boolean;
};

/** Every field type, grouped; a click adds one after the selected field, a drag drops one in place. */
export function FieldPalette({ onAdd, draggable, disabled }: FieldPaletteProps) {
  const { t } = useTranslation('builder');
  const id = useId();
  return (
    <div className="grid gap-4">
      {PALETTE_GROUPS.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className="grid gap-2">
          <p id={`${id}-${group.key}`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t(`palette.groups.${group.key}`)}
          </p>
          <div className="grid grid-cols-2 gap-1.5">
            {group.types.map((type) =>
              draggable ? (
                <DraggablePaletteItem key={type} type={type} onAdd={onAdd} disabled={disabled} />
              ) : (
                <PaletteButton key={type} type={type} onAdd={onAdd} disabled={disabled} />
              ),
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

type PaletteItemProps = {
  type: FormFieldType;
  onAdd: (type: FormFieldType) => void;
  disabled: boolean;
};

function DraggablePaletteItem({ type, onAdd, disabled }: PaletteItemProps) {
  const data: PaletteData = { source: 'palette', type };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(type), data, disabled });
  return (
    <PaletteButton
      type={type}
      onAdd={onAdd}
      disabled={disabled}
      buttonRef={setNodeRef}
      // Pointer dragging only: from the keyboard, Enter and Space add the field (a click), and
      // the field is then moved on the canvas, where keyboard dragging is offered.
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      dragging={isDragging}
    />
  );
}

function PaletteButton({
  type,
  onAdd,
  disabled,
  buttonRef,
  onPointerDown,
  dragging = false,
}: PaletteItemProps & {
  buttonRef?: (element: HTMLElement | null) => void;
  onPointerDown?: PointerEventHandler | undefined;
  dragging?: boolean;
}) {
  const { t } = useTranslation('builder');
  const Icon = FIELD_TYPE_ICONS[type];
  return (
    <button
      type="button"
      ref={buttonRef}
      onPointerDown={onPointerDown}
      onClick={() => onAdd(type)}
      disabled={disabled}
      data-palette-type={type}
      className={cn(
        'flex min-h-15 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-border bg-card px-1.5 py-2 text-center text-xs leading-tight font-medium text-foreground shadow-xs transition-colors',
        'hover:border-primary/50 hover:bg-primary-soft hover:text-primary-soft-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50',
        dragging && 'opacity-50',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="max-w-full">{t(`types.${type}`)}</span>
    </button>
  );
}

/** What the drag overlay shows while a new field is dragged from the palette. */
export function PaletteChip({ type }: { type: FormFieldType }) {
  const { t } = useTranslation('builder');
  const Icon = FIELD_TYPE_ICONS[type];
  return (
    <div className="flex min-h-10 cursor-grabbing items-center gap-2 rounded-lg border border-primary bg-card px-3 py-1.5 text-sm font-medium text-foreground shadow-lg ring-2 ring-primary/30">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-primary-soft-foreground" />
      {t(`types.${type}`)}
    </div>
  );
}
