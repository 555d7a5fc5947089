import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_LIMITS, type LeadNote, noteBodySchema } from '@leadcapture/contracts/leads';
import { Pencil, StickyNote, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddNote, useDeleteNote, useEditNote, useLeadNotes } from '../api/lead-notes.ts';

type NoteValues = { body: string };

/**
 * Internal notes (spec 01 §2): the team's own words about a lead, never shown to the lead.
 * Anyone who may write adds notes; a note's author edits and deletes it (after confirmation).
 */
export function LeadNotes({ leadId, canWrite, userId }: { leadId: string; canWrite: boolean; userId: string }) {
  const { t } = useTranslation('leads');
  const notes = useLeadNotes(leadId);
  const remove = useDeleteNote(leadId);
  const [deleting, setDeleting] = useState<LeadNote | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const confirmDelete = () => {
    if (deleting === null) return;
    const id = deleting.id;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(t('notes.deleted')),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('errors.noteDelete'));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notes.title')}</CardTitle>
        <CardDescription>{t('notes.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 pt-4">
        {canWrite && <AddNoteForm leadId={leadId} />}
        <QueryState
          query={notes}
          compact
          errorMessage={t('notes.loadFailed')}
          loadingLabel={t('notes.loading')}
          rows={2}
          rowClassName="h-16 w-full"
          className="gap-3"
          isEmpty={(page) => page.results.length === 0}
          empty={
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <StickyNote aria-hidden="true" className="size-4" />
              {t('notes.empty')}
            </p>
          }
        >
          {(page) => (
            <ul className="grid gap-3" aria-label={t('notes.title')}>
              {page.results.map((note) =>
                editing === note.id ? (
                  <li key={note.id}>
                    <EditNoteForm leadId={leadId} note={note} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <li key={note.id}>
                    <NoteItem
                      note={note}
                      own={canWrite && note.user?.id === userId}
                      onEdit={() => setEditing(note.id)}
                      onDelete={() => setDeleting(note)}
                    />
                  </li>
                ),
              )}
            </ul>
          )}
        </QueryState>
      </CardContent>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        size="sm"
        title={t('notes.deleteTitle')}
        description={t('notes.deleteBody')}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('actions.cancel')}
            </Button>
            <Button variant="destructive" onClick={confirmDelete}>
              {t('notes.deleteConfirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}

function NoteItem({
  note,
  own,
  onEdit,
  onDelete,
}: {
  note: LeadNote;
  own: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const language = i18n.language;
  const edited = note.updated_at !== note.created_at;
  return (
    <article
      className="grid gap-1.5 rounded-xl border border-border bg-warning-soft/30 p-3"
      aria-label={t('notes.noteBy', { name: note.user?.name ?? t('notes.someone') })}
    >
      <p className="text-sm whitespace-pre-line wrap-anywhere text-foreground">{note.body}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {note.user?.name ?? t('notes.someone')}
          {' · '}
          <time dateTime={note.created_at} title={formatDate(note.created_at, language, 'PPpp')}>
            {formatRelative(note.created_at, language)}
          </time>
          {edited && ` · ${t('notes.edited')}`}
        </p>
        {own && (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" aria-label={t('notes.editNote')} onClick={onEdit}>
              <Pencil aria-hidden="true" />
              {t('notes.edit')}
            </Button>
            <Button variant="ghost" size="sm" aria-label={t('notes.deleteNote')} onClick={onDelete}>
              <Trash2 aria-hidden="true" />
              {t('notes.delete')}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}

function AddNoteForm({ leadId }: { leadId: string }) {
  const { t } = useTranslation('leads');
  const add = useAddNote(leadId);
  const form = useForm<NoteValues>({ resolver: zodResolver(noteBodySchema), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit((values) =>
    add.mutateAsync(values.body).then(
      () => {
        toast.success(t('notes.added'));
        form.reset({ body: '' });
      },
      (error: unknown) => {
        const unmatched = applyServerErrors(error, form.setError, ['body']);
        if (!isHandledGlobally(error) && (unmatched === null || unmatched.length > 0)) toast.error(t('errors.noteAdd'));
      },
    ),
  );
  return (
    <form noValidate className="grid gap-2" aria-label={t('notes.addTitle')} onSubmit={(e) => void onSubmit(e)}>
      <FormField
        control={form.control}
        name="body"
        label={t('notes.addLabel')}
        hideLabel
        render={(field) => (
          <Textarea rows={3} maxLength={LEAD_LIMITS.noteBody} placeholder={t('notes.placeholder')} {...field} />
        )}
      />
      <Button type="submit" size="sm" className="justify-self-end" loading={add.isPending}>
        {t('notes.add')}
      </Button>
    </form>
  );
}

function EditNoteForm({ leadId, note, onDone }: { leadId: string; note: LeadNote; onDone: () => void }) {
  const { t } = useTranslation('leads');
  const edit = useEditNote(leadId);
  const form = useForm<NoteValues>({
    resolver: zodResolver(noteBodySchema),
    defaultValues: { body: note.body },
  });
  useEffect(() => form.setFocus('body'), [form]);
  const onSubmit = form.handleSubmit((values) => {
    if (values.body === note.body) return onDone();
    // Optimistic (api/lead-notes.ts): the form closes at once and the text goes back on failure.
    onDone();
    edit.mutate(
      { noteId: note.id, body: values.body },
      {
        onSuccess: () => toast.success(t('notes.updated')),
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('errors.noteUpdate'));
        },
      },
    );
  });
  return (
    <form
      noValidate
      className="grid gap-2 rounded-xl border border-ring p-3"
      aria-label={t('notes.editTitle')}
      onSubmit={(e) => void onSubmit(e)}
    >
      <FormField
        control={form.control}
        name="body"
        label={t('notes.editLabel')}
        hideLabel
        render={(field) => <Textarea rows={3} maxLength={LEAD_LIMITS.noteBody} {...field} />}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" size="sm">
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
