import { ATTACHMENT_ACCEPT, ATTACHMENT_MESSAGES, type Attachment } from '@leadcapture/contracts/public-capture';
import { useState } from 'react';
import type { FileInputProps } from '../components/form-renderer/form-renderer.tsx';
import { errorClass, filePickerClass } from '../components/form-renderer/form-renderer-styles.ts';
import type { ApiResult } from './api.ts';
import type { Translate } from './i18n.ts';
import { Spinner } from './spinner.tsx';

export type UploadFile = (file: File) => Promise<ApiResult<Attachment>>;

/** "512 KB", "2.4 MB" (with the language's decimal mark). */
function formatSize(bytes: number, language: string): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024
    ? `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${number.format(bytes / (1024 * 1024))} MB`;
}

/** The server's words for a refused file, in the page's language. */
function uploadError(messages: readonly string[] | undefined, t: Translate): string {
  const message = messages?.[0];
  if (message === ATTACHMENT_MESSAGES.tooLarge) return t('file.tooLarge');
  if (message === ATTACHMENT_MESSAGES.invalid) return t('file.invalid');
  return t('file.failed');
}

/**
 * A file field on the capture page: the file is uploaded as soon as it is chosen, and the field's
 * answer is the id the server gave it. Its name and size show with a button to remove it.
 */
export function FileUpload({
  input,
  upload,
  t,
  language,
}: {
  input: FileInputProps;
  upload: UploadFile;
  t: Translate;
  language: string;
}) {
  const [chosen, setChosen] = useState<Attachment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${input.id}-upload-error`;

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    const result = await upload(file);
    setBusy(false);
    if (result.ok) {
      setChosen(result.data);
      input.onChange(result.data.id);
      return;
    }
    setChosen(null);
    input.onChange('');
    setError(result.failure.kind === 'validation' ? uploadError(result.failure.details.file, t) : t('file.failed'));
  }

  if (chosen && input.value === chosen.id) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-input px-3 py-2 text-sm">
        <span className="min-w-0 flex-1 truncate" id={input.id} tabIndex={-1}>
          {chosen.name} <span className="text-muted-foreground">({formatSize(chosen.size, language)})</span>
        </span>
        <button
          type="button"
          className="rounded-md px-2 py-1 font-medium text-primary underline-offset-4 hover:underline"
          disabled={input.disabled}
          onClick={() => {
            setChosen(null);
            input.onChange('');
          }}
        >
          {t('file.remove', { name: chosen.name })}
        </button>
      </div>
    );
  }
  const describedBy = [input.describedBy, error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={input.id}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          required={input.field.required}
          disabled={input.disabled || busy}
          aria-invalid={input.invalid || error !== null ? true : undefined}
          aria-describedby={describedBy}
          className={filePickerClass.input}
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
        {/* The field's own label names the input; this one is only the thing to tap. */}
        <label htmlFor={input.id} aria-hidden="true" className={filePickerClass.button}>
          {t('file.choose')}
        </label>
        <span aria-hidden="true" className={filePickerClass.none}>
          {t('file.none')}
        </span>
      </div>
      {busy && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> {t('file.uploading')}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClass} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
