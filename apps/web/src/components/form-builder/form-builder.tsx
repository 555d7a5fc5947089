import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardSensorOptions,
  type PointerSensorOptions,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { FORM_LIMITS, type FormField, type FormFieldType } from '@leadcapture/contracts/form-fields';
import { CircleAlert, LayoutList, Plus } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { useFieldName, useNewFieldTexts, useTypeName, useValidationText } from './builder-text.ts';
import {
  mergeDefinitionErrors,
  useFormDefinitionErrors,
  useServerDefinitionErrors,
  type FieldErrorMap,
  type ServerErrorDetails,
} from './definition-errors.ts';
import { FieldCard, FieldCardView, type CardActions } from './field-card.tsx';
import { FieldPalette, isPaletteData, PaletteChip } from './field-palette.tsx';
import { createFieldId, newBuilderField } from './field-types.ts';
import { FormPreview } from './form-preview.tsx';
import { PropertiesPanel, type FieldChanges } from './properties-panel.tsx';

export interface FormBuilderProps {
  /** The fields of the form; the builder never keeps a copy (the page saves them). */
  value: readonly FormField[];
  onChange: (fields: FormField[]) => void;
  /**
   * The `details` of a 422 answer to saving (`{"form_fields.2.label": ["Field label is required"]}`),
   * shown on the fields they are about until those fields change. Keys outside `errorPrefix`
   * (the event's name …) are ignored, so the whole `details` object can be passed.
   */
  errors?: ServerErrorDetails | undefined;
  /** The body key of the fields in the request: `form_fields` (events and offers). */
  errorPrefix?: string;
  /** Read-only: everything can be looked at and previewed, nothing changed. */
  disabled?: boolean;
  className?: string;
}

const CANVAS_ID = 'form-builder-canvas';

// Module constants: useSensor memoises on its options, and new sensors on every render would
// re-render every draggable. A click on a handle is not a drag: 5 px of movement first.
const POINTER_OPTIONS: PointerSensorOptions = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS: KeyboardSensorOptions = { coordinateGetter: sortableKeyboardCoordinates };

type DragState = { kind: 'field'; id: string } | { kind: 'new'; type: FormFieldType; index: number | null };
type FocusRequest = ({ id: string; control: 'select' | 'up' | 'down' | 'problem' } | { id: null; control: 'add' }) & {
  /** Made from a dialog: waits until the dialog has closed (its onCloseAutoFocus). */
  afterDialog?: boolean;
  /** What had focus when the change was made (set by `requestFocus`). */
  from?: Element | null;
};

/** A control the user types into: focus there is theirs, not ours to move. */
function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return (
    element instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(element.type)
  );
}

/** Where a new field dragged from the palette would go: before or after the card it is over. */
function insertionIndex(fields: readonly FormField[], active: Active, over: Over | null): number | null {
  if (over === null) return null;
  if (over.id === CANVAS_ID) return fields.length;
  const index = fields.findIndex((field) => field.id === over.id);
  if (index < 0) return null;
  const rect = active.rect.current.translated;
  if (rect === null) return index;
  return rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2 ? index + 1 : index;
}

/**
 * Cards sort by their centres (closestCenter). A new field from the palette counts only while
 * the pointer is over the canvas, and then goes next to the card closest to it, or at the end.
 */
const collisionDetection: CollisionDetection = (args) => {
  const cards = args.droppableContainers.filter((container) => container.id !== CANVAS_ID);
  if (isPaletteData(args.active.data.current)) {
    const canvas = args.droppableContainers.filter((container) => container.id === CANVAS_ID);
    const inside = pointerWithin({ ...args, droppableContainers: canvas });
    if (inside.length === 0) return [];
    const closest = closestCenter({ ...args, droppableContainers: cards });
    return closest.length > 0 ? closest.slice(0, 1) : inside;
  }
  return closestCenter({ ...args, droppableContainers: cards });
};

/**
 * The form builder of events and offers (spec 01 §2): a palette of field types, the form as a
 * list of cards to select, reorder (drag, keyboard, buttons), duplicate and remove, the
 * properties of the selected field, and a preview through the capture page's FormRenderer.
 * Controlled: `value` in, `onChange` out. Every change is checked against the contract's
 * formFieldsSchema and problems are shown on the card and next to the property; a page blocks
 * saving with useFormDefinitionErrors(fields).count.
 *
 * Layout follows the builder's own width (container queries), not the window's: three columns
 * from 56rem, canvas and properties from 42rem, and below that one column where the palette and
 * the properties open as dialogs.
 */
export function FormBuilder({
  value: fields,
  onChange,
  errors: serverDetails,
  errorPrefix = 'form_fields',
  disabled = false,
  className,
}: FormBuilderProps) {
  const { t } = useTranslation('builder');
  const fieldName = useFieldName();
  const newTexts = useNewFieldTexts();
  const definition = useFormDefinitionErrors(fields);
  const server = useServerDefinitionErrors(serverDetails, errorPrefix, fields);
  const problems = useMemo(() => mergeDefinitionErrors(definition, server), [definition, server]);

  const rootRef = useRef<HTMLDivElement>(null);
  const propertiesPaneRef = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<string | null>(fields[0]?.id ?? null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<FocusRequest | null>(null);
  // The dialogs here open without a Radix Trigger, so Radix has nothing to give focus back to.
  const opener = useRef<HTMLElement | null>(null);
  const baseId = useId();

  const selectedIndex = fields.findIndex((field) => field.id === selectedId);
  const selected = fields[selectedIndex];
  const removing = fields.find((field) => field.id === removingId);
  const atLimit = fields.length >= FORM_LIMITS.maxFields;
  const errorsAt = (index: number): FieldErrorMap => problems.fields.get(index) ?? {};
  const problemCount = (index: number): number =>
    Object.values(errorsAt(index)).reduce((sum, messages) => sum + messages.length, 0);

  /** Moves focus once the change is on screen; with a dialog closing, when it has closed. */
  const runFocus = (dialogClosed: boolean): boolean => {
    const request = pendingFocus.current;
    const root = rootRef.current;
    if (request === null || root === null || (request.afterDialog === true && !dialogClosed)) return false;
    pendingFocus.current = null;
    // The user has already gone on to type somewhere else (a drop, then straight into the label
    // box of the properties): moving focus now would send their next keystrokes to a button.
    const active = document.activeElement;
    if (request.afterDialog !== true && active !== request.from && isTextEntry(active)) return true;
    const pane = propertiesPaneRef.current;
    const paneShown = pane !== null && getComputedStyle(pane).display !== 'none';
    // From the problem list: the first property with a problem, where the panel is beside the canvas.
    let target =
      request.control === 'problem' && paneShown ? pane.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (target === null && request.id !== null) {
      const card = root.querySelector(`[data-builder-field="${CSS.escape(request.id)}"]`);
      const wanted = card?.querySelector<HTMLButtonElement>(`[data-card-control="${request.control}"]`);
      target =
        wanted && !wanted.disabled
          ? wanted
          : (card?.querySelector<HTMLElement>('[data-card-control="select"]') ?? null);
    } else if (target === null) {
      // The form is empty: the narrow layout's "Add field" button, or the palette beside the canvas.
      target = root.querySelector<HTMLElement>('[data-builder-add]');
      if (target === null || target.offsetParent === null) {
        target = root.querySelector<HTMLElement>('[data-palette-type]:not(:disabled)');
      }
    }
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
    return true;
  };

  const openDialog = (open: () => void) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    open();
  };
  /** A dialog has closed: focus goes where the change asked for, or back to what opened it. */
  const onDialogClosed = (event: Event) => {
    event.preventDefault();
    if (!runFocus(true)) opener.current?.focus();
    opener.current = null;
  };

  useEffect(() => {
    runFocus(false);
  });

  /**
   * Asks for focus to move once the change is on screen (runFocus), remembering where it was:
   * call it before the change is handed to the page.
   */
  const requestFocus = (request: FocusRequest) => {
    pendingFocus.current = { ...request, from: document.activeElement };
  };

  const announce = (message: string) =>
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

  const commit = (next: FormField[]) => onChange(next);

  const insert = (type: FormFieldType, at: number, quiet = false) => {
    if (atLimit || disabled) return;
    const field = newBuilderField(type, createFieldId(fields.map((f) => f.id)), newTexts);
    const next = [...fields.slice(0, at), field, ...fields.slice(at)];
    requestFocus({ id: field.id, control: 'select' });
    commit(next);
    setSelectedId(field.id);
    if (!quiet) announce(t('announce.added', { name: fieldName(field), position: at + 1, count: next.length }));
  };

  const addFromPalette = (type: FormFieldType) => {
    insert(type, selectedIndex >= 0 ? selectedIndex + 1 : fields.length);
    if (paletteOpen && pendingFocus.current !== null) pendingFocus.current.afterDialog = true;
    setPaletteOpen(false);
  };

  const update = (index: number, changes: FieldChanges) =>
    commit(fields.map((field, i) => (i === index ? { ...field, ...changes } : field)));

  const move = (from: number, to: number, control: 'up' | 'down') => {
    const field = fields[from];
    if (field === undefined || to < 0 || to >= fields.length) return;
    requestFocus({ id: field.id, control });
    commit(arrayMove([...fields], from, to));
    announce(t('announce.moved', { name: fieldName(field), position: to + 1, count: fields.length }));
  };

  const duplicate = (index: number) => {
    const field = fields[index];
    if (field === undefined || atLimit) return;
    const copy: FormField = { ...field, options: [...field.options], id: createFieldId(fields.map((f) => f.id)) };
    const next = [...fields.slice(0, index + 1), copy, ...fields.slice(index + 1)];
    requestFocus({ id: copy.id, control: 'select' });
    commit(next);
    setSelectedId(copy.id);
    announce(t('announce.duplicated', { name: fieldName(copy), position: index + 2, count: next.length }));
  };

  const confirmRemove = () => {
    const index = fields.findIndex((field) => field.id === removingId);
    const field = fields[index];
    setRemovingId(null);
    if (field === undefined) return;
    const next = fields.filter((_, i) => i !== index);
    commit(next);
    const neighbour = next[index] ?? next[index - 1];
    if (selectedId === field.id) setSelectedId(neighbour?.id ?? null);
    requestFocus(
      neighbour
        ? { id: neighbour.id, control: 'select', afterDialog: true }
        : { id: null, control: 'add', afterDialog: true },
    );
    announce(t('announce.removed', { name: fieldName(field) }));
  };

  const select = (id: string) => {
    setSelectedId(id);
    // One column: the properties pane is hidden and opens as a dialog instead.
    const pane = propertiesPaneRef.current;
    if (pane !== null && getComputedStyle(pane).display === 'none') openDialog(() => setPropertiesOpen(true));
  };

  // --- drag and drop ------------------------------------------------------------------------

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const indexOf = (id: UniqueIdentifier) => fields.findIndex((field) => field.id === id);
  const nameOf = (id: UniqueIdentifier) => {
    const field = fields[indexOf(id)];
    return field === undefined ? '' : fieldName(field);
  };
  const typeLabel = (type: FormFieldType) => t(`types.${type}`);

  // What the last announcement said the dragged field is over: dnd-kit reports a card as over
  // itself at once, which would talk over "Picked up …".
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      const data = active.data.current;
      if (isPaletteData(data)) return t('announce.newStart', { type: typeLabel(data.type) });
      return t('announce.dragStart', {
        name: nameOf(active.id),
        position: indexOf(active.id) + 1,
        count: fields.length,
      });
    },
    onDragOver: ({ active, over }) => {
      const data = active.data.current;
      if (isPaletteData(data)) {
        const at = insertionIndex(fields, active, over);
        return at === null
          ? t('announce.newOutside', { type: typeLabel(data.type) })
          : t('announce.newOver', { type: typeLabel(data.type), position: at + 1, count: fields.length + 1 });
      }
      if ((over?.id ?? null) === announcedOver.current) return undefined;
      announcedOver.current = over?.id ?? null;
      if (over === null) return t('announce.dragOutside', { name: nameOf(active.id) });
      return t('announce.dragOver', { name: nameOf(active.id), position: indexOf(over.id) + 1, count: fields.length });
    },
    onDragEnd: ({ active, over }) => {
      const data = active.data.current;
      if (isPaletteData(data)) {
        const at = insertionIndex(fields, active, over);
        return at === null
          ? t('announce.newCancel', { type: typeLabel(data.type) })
          : t('announce.newEnd', { type: typeLabel(data.type), position: at + 1, count: fields.length + 1 });
      }
      if (over === null) {
        return t('announce.dragEndOutside', { name: nameOf(active.id), position: indexOf(active.id) + 1 });
      }
      return t('announce.dragEnd', { name: nameOf(active.id), position: indexOf(over.id) + 1, count: fields.length });
    },
    onDragCancel: ({ active }) => {
      const data = active.data.current;
      if (isPaletteData(data)) return t('announce.newCancel', { type: typeLabel(data.type) });
      return t('announce.dragCancel', {
        name: nameOf(active.id),
        position: indexOf(active.id) + 1,
        count: fields.length,
      });
    },
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current;
    setDrag(
      isPaletteData(data) ? { kind: 'new', type: data.type, index: null } : { kind: 'field', id: String(active.id) },
    );
  };
  const onDragMove = ({ active, over }: DragMoveEvent) => {
    const data = active.data.current;
    if (!isPaletteData(data)) return;
    const index = insertionIndex(fields, active, over);
    setDrag((current) => (current?.kind === 'new' && current.index !== index ? { ...current, index } : current));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDrag(null);
    const data = active.data.current;
    if (isPaletteData(data)) {
      const at = insertionIndex(fields, active, over);
      if (at !== null) insert(data.type, at, true);
      return;
    }
    if (over === null || over.id === active.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) commit(arrayMove([...fields], from, to));
  };

  const dragged = drag?.kind === 'field' ? fields[indexOf(drag.id)] : undefined;
  const dropIndex = drag?.kind === 'new' ? drag.index : null;

  // --- layout -------------------------------------------------------------------------------

  // Cards get one stable object of actions that calls the builder of the latest render, so a
  // keystroke in the properties panel renders the one card it changes, not all of them.
  const latestActions = useRef<CardActions | null>(null);
  useLayoutEffect(() => {
    latestActions.current = {
      select,
      move: (id, to, control) => move(indexOf(id), to, control),
      duplicate: (id) => duplicate(indexOf(id)),
      remove: (id) => openDialog(() => setRemovingId(id)),
    };
  });
  const actions = useMemo<CardActions>(
    () => ({
      select: (id) => latestActions.current?.select(id),
      move: (id, to, control) => latestActions.current?.move(id, to, control),
      duplicate: (id) => latestActions.current?.duplicate(id),
      remove: (id) => latestActions.current?.remove(id),
    }),
    [],
  );
  const cardProps = (field: FormField, index: number) => ({
    field,
    index,
    count: fields.length,
    selected: field.id === selectedId,
    problems: problemCount(index),
    disabled,
    canDuplicate: !atLimit,
    actions,
  });

  const properties =
    selected === undefined ? null : (
      <PropertiesPanel
        key={selected.id}
        field={selected}
        errors={errorsAt(selectedIndex)}
        onChange={(changes) => update(selectedIndex, changes)}
        disabled={disabled}
      />
    );

  return (
    // Named: the canvas is a container of its own, and the hints inside it follow the builder's width.
    <div ref={rootRef} className={cn('@container/builder', className)}>
      <p role="status" className="sr-only" data-builder-announcer="">
        {announcement}
      </p>
      <Tabs defaultValue="build">
        <TabsList aria-label={t('label')}>
          <TabsTrigger value="build">{t('tabs.build')}</TabsTrigger>
          <TabsTrigger value="preview">{t('tabs.preview')}</TabsTrigger>
        </TabsList>

        <TabsContent value="build">
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            onDragStart={onDragStart}
            onDragMove={onDragMove}
            onDragOver={onDragMove}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDrag(null)}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('announce.instructions') } }}
          >
            <div className="grid items-start gap-5 @2xl:grid-cols-[minmax(0,1fr)_17rem] @4xl:grid-cols-[15rem_minmax(0,1fr)_19rem]">
              <aside
                aria-labelledby={`${baseId}-palette`}
                className="hidden @4xl:sticky @4xl:top-4 @4xl:block @4xl:max-h-[calc(100dvh-2rem)] @4xl:overflow-y-auto"
              >
                <Pane title={t('palette.title')} titleId={`${baseId}-palette`}>
                  <p className="mb-3 text-xs text-muted-foreground">{t('palette.hint')}</p>
                  <FieldPalette onAdd={addFromPalette} draggable={!disabled} disabled={disabled || atLimit} />
                </Pane>
              </aside>

              <section aria-labelledby={`${baseId}-canvas`} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`${baseId}-canvas`} className="text-sm font-semibold text-foreground">
                    {t('canvas.title')}{' '}
                    <span className="font-normal text-muted-foreground">
                      ({t('canvas.count', { count: fields.length })})
                    </span>
                  </h3>
                  <Button
                    size="sm"
                    data-builder-add=""
                    className="@4xl:hidden"
                    onClick={() => openDialog(() => setPaletteOpen(true))}
                    disabled={disabled || atLimit}
                  >
                    <Plus aria-hidden="true" />
                    {t('palette.open')}
                  </Button>
                </div>
                <ProblemSummary
                  formMessages={problems.form}
                  fields={fields}
                  problemCount={problemCount}
                  errorsAt={errorsAt}
                  onSelect={(id) => {
                    requestFocus({ id, control: 'problem' });
                    select(id);
                  }}
                />
                <Canvas
                  fields={fields}
                  dropIndex={dropIndex}
                  renderCard={(field, index) => <FieldCard key={field.id} {...cardProps(field, index)} />}
                  empty={
                    <EmptyState
                      icon={LayoutList}
                      headingLevel={3}
                      title={t('canvas.emptyTitle')}
                      description={
                        <>
                          <span className="hidden @4xl/builder:inline">{t('canvas.emptyDescription')}</span>
                          <span className="@4xl/builder:hidden">{t('canvas.emptyDescriptionPhone')}</span>
                        </>
                      }
                    />
                  }
                />
                {atLimit && <LimitNote />}
              </section>

              <aside
                ref={propertiesPaneRef}
                aria-labelledby={`${baseId}-properties`}
                className="hidden @2xl:sticky @2xl:top-4 @2xl:block @2xl:max-h-[calc(100dvh-2rem)] @2xl:overflow-y-auto"
              >
                <Pane title={t('properties.panelTitle')} titleId={`${baseId}-properties`}>
                  {/* While the dialog shows the properties (one column), this hidden copy is not needed. */}
                  {propertiesOpen
                    ? null
                    : (properties ?? <p className="text-sm text-muted-foreground">{t('properties.empty')}</p>)}
                </Pane>
              </aside>
            </div>

            <DragOverlay dropAnimation={null}>
              {drag?.kind === 'new' ? <PaletteChip type={drag.type} /> : null}
              {dragged !== undefined ? <FieldCardView {...cardProps(dragged, indexOf(dragged.id))} overlay /> : null}
            </DragOverlay>
          </DndContext>
        </TabsContent>

        <TabsContent value="preview">
          <FormPreview fields={fields} hasProblems={problems.count > 0} />
        </TabsContent>
      </Tabs>

      {/* Narrow layouts: the palette and the properties as dialogs. */}
      <Dialog open={paletteOpen} onOpenChange={setPaletteOpen}>
        <DialogContent size="lg" aria-describedby={undefined} onCloseAutoFocus={onDialogClosed}>
          <DialogHeader>
            <DialogTitle>{t('palette.title')}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <FieldPalette onAdd={addFromPalette} draggable={false} disabled={disabled || atLimit} />
          </DialogBody>
        </DialogContent>
      </Dialog>

      <Dialog open={propertiesOpen && selected !== undefined} onOpenChange={setPropertiesOpen}>
        <DialogContent size="lg" aria-describedby={undefined} onCloseAutoFocus={onDialogClosed}>
          <DialogHeader>
            <DialogTitle>{t('properties.editTitle')}</DialogTitle>
          </DialogHeader>
          <DialogBody>{properties}</DialogBody>
          <DialogFooter>
            <Button onClick={() => setPropertiesOpen(false)}>{t('properties.done')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={removing !== undefined} onOpenChange={(open) => !open && setRemovingId(null)}>
        <DialogContent size="sm" role="alertdialog" onCloseAutoFocus={onDialogClosed}>
          <DialogHeader>
            <DialogTitle>{t('remove.title')}</DialogTitle>
            <DialogDescription>
              {t('remove.description', { name: removing === undefined ? '' : fieldName(removing) })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="mt-4">
            <Button variant="secondary" onClick={() => setRemovingId(null)}>
              {t('remove.cancel')}
            </Button>
            <Button variant="destructive" onClick={confirmRemove}>
              {t('remove.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Pane({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-xs">
      <h3 id={titleId} className="mb-3 text-sm font-semibold text-foreground">
        {title}
      </h3>
      {children}
    </div>
  );
}

function LimitNote() {
  const { t } = useTranslation('builder');
  return <p className="mt-3 text-xs text-muted-foreground">{t('palette.limit', { count: FORM_LIMITS.maxFields })}</p>;
}

function Canvas({
  fields,
  dropIndex,
  renderCard,
  empty,
}: {
  fields: readonly FormField[];
  dropIndex: number | null;
  renderCard: (field: FormField, index: number) => ReactElement;
  empty: ReactNode;
}) {
  const { t } = useTranslation('builder');
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  // The same array while the order stays: a new one would re-render every sortable card.
  const order = fields.map((field) => field.id).join('\n');
  const ids = useMemo(() => (order === '' ? [] : order.split('\n')), [order]);
  const indicator = (
    <div key="drop-indicator" role="presentation" className="flex items-center gap-2 py-0.5">
      <span className="h-0.5 flex-1 rounded-full bg-primary" />
      <span className="text-xs font-medium text-primary-soft-foreground">{t('canvas.dropHere')}</span>
      <span className="h-0.5 flex-1 rounded-full bg-primary" />
    </div>
  );
  const cards = fields.map((field, index) => renderCard(field, index));
  const items = dropIndex === null ? cards : [...cards.slice(0, dropIndex), indicator, ...cards.slice(dropIndex)];
  return (
    <div
      ref={setNodeRef}
      className={cn(
        // As tall as the empty state: a first field dragged in must not see the drop area shrink
        // away from under the pointer when the "Drop here" line replaces the empty state.
        // minmax(0, 1fr): a long label or options summary truncates in its card. An `auto` column
        // grows to the card's unwrapped text instead, and the card's buttons slide under the
        // properties panel beside the canvas (issue 22).
        '@container grid min-h-44 grid-cols-[minmax(0,1fr)] gap-2 rounded-2xl p-1 transition-colors',
        dropIndex !== null && isOver && 'bg-primary-soft/50 ring-2 ring-primary/30 ring-dashed',
      )}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {fields.length === 0 && dropIndex === null ? empty : items}
      </SortableContext>
    </div>
  );
}

function ProblemSummary({
  formMessages,
  fields,
  problemCount,
  errorsAt,
  onSelect,
}: {
  formMessages: readonly string[];
  fields: readonly FormField[];
  problemCount: (index: number) => number;
  errorsAt: (index: number) => FieldErrorMap;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('builder');
  const translate = useValidationText();
  const fieldName = useFieldName();
  const typeName = useTypeName();
  const withProblems = fields.flatMap((field, index) => (problemCount(index) > 0 ? [{ field, index }] : []));
  if (formMessages.length === 0 && withProblems.length === 0) return null;
  return (
    <div className="rounded-xl border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
      <p className="flex items-center gap-1.5 font-semibold">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t('canvas.formProblems')}
      </p>
      <ul className="mt-1.5 grid gap-1 pl-5.5">
        {formMessages.map((message) => (
          <li key={message}>{translate(message)}</li>
        ))}
        {withProblems.map(({ field, index }) => {
          const first = Object.values(errorsAt(index)).flat()[0] ?? '';
          return (
            <li key={field.id}>
              <button
                type="button"
                className="cursor-pointer text-left underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => onSelect(field.id)}
              >
                {fieldName(field) || typeName(field)}: {translate(first)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
