import { FILE_MESSAGES, IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '@leadcapture/contracts/files';
import type { UseMutationResult } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHandledGlobally, validationDetails } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

/** The file picker offers what the guidance names; the server still decides by content. */
const ACCEPT = 'image/png,image/jpeg';

export type LogoProblem = 'invalidImage' | 'tooLarge';

/**
 * The server's rules, checked before uploading so the user hears at once (spec 01 §5): an image
 * type the server accepts, at most 2 MiB. The server re-checks by content.
 */
export function checkLogoFile(file: File): LogoProblem | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'invalidImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** The server's English messages (FILE_MESSAGES) mapped back to our keys, to show them translated. */
function problemFromServer(error: unknown): LogoProblem | null {
  const messages = validationDetails(error)?.file ?? [];
  if (messages.includes(FILE_MESSAGES.tooLarge)) return 'tooLarge';
  if (messages.includes(FILE_MESSAGES.invalidImage)) return 'invalidImage';
  return null;
}

type LogoCardProps = {
  /** The current logo's public URL, or null. */
  logoUrl: string | null;
  /** Whose logo it is, for the image's alternative text. */
  name: string;
  canEdit: boolean;
  upload: UseMutationResult<unknown, Error, File>;
  remove: UseMutationResult<unknown, Error, void>;
};

/**
 * Logo upload with preview and remove, for organisations and events (spec 01 §2, §5): PNG or
 * JPG up to 2 MB, checked here first and by content on the server.
 */
export function LogoCard({ logoUrl, name, canEdit, upload, remove }: LogoCardProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const helpId = useId();
  const [problem, setProblem] = useState<LogoProblem | null>(null);
  // A local preview while the upload runs, so the user sees what they picked at once.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so picking the same file again fires change again.
    event.target.value = '';
    if (file === undefined) return;
    const found = checkLogoFile(file);
    setProblem(found);
    if (found !== null) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('logo.uploaded')),
      onError: (error) => {
        setProblem(problemFromServer(error));
        if (!isHandledGlobally(error)) toast.error(t('logo.failed'));
      },
      onSettled: () => setPreview(null),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('logo.removed')),
      onError: (error) => {
        if (!isHandledGlobally(error)) toast.error(t('logo.removeFailed'));
      },
    });

  const src = preview ?? logoUrl;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('logo.title')}</CardTitle>
        <CardDescription id={helpId}>{t('logo.guidance')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-5">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-border bg-muted">
          {src === null ? (
            <ImageIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          ) : (
            <img src={src} alt={t('logo.alt', { name })} className="size-full object-contain" />
          )}
        </div>
        <div className="grid gap-2">
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={ACCEPT}
                className="sr-only"
                tabIndex={-1}
                aria-label={t('logo.upload')}
                aria-describedby={problem === null ? helpId : `${errorId} ${helpId}`}
                onChange={onPick}
              />
              <Button variant="secondary" loading={upload.isPending} onClick={() => inputRef.current?.click()}>
                {logoUrl === null ? t('logo.upload') : t('logo.replace')}
              </Button>
              {logoUrl !== null && (
                <Button variant="ghost" loading={remove.isPending} onClick={onRemove}>
                  {t('logo.remove')}
                </Button>
              )}
            </div>
          )}
          {problem !== null && (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive-soft-foreground">
              {t(`logo.${problem}`)}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
