import { FILE_NAME_MAX_LENGTH } from '@leadcapture/contracts/files';

// C0/C1 controls, and the invisible or direction-changing characters that make "gpj.exe"
// display as "exe.jpg" (bidi overrides and isolates, zero-width characters).
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// Characters Windows forbids in names, and quotes, which break naive header quoting.
const RESERVED = /[<>:"|?*\\/]/g;

/**
 * The uploader's file name made safe to store and show: the last path segment only, no control
 * or invisible characters, no reserved characters, at most FILE_NAME_MAX_LENGTH characters
 * (shortened before the extension). Never used to build a storage path.
 */
export function sanitizeFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  // Code points, so a cut never splits a surrogate pair (a cluster such as a flag may still split).
  const chars = Array.from(cleaned);
  if (chars.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return chars.slice(0, FILE_NAME_MAX_LENGTH - keep.length).join('') + keep.join('');
}

/** The name a download is offered under: the stored name's stem with the detected extension. */
export function downloadName(originalName: string, extension: string): string {
  const dot = originalName.lastIndexOf('.');
  const stem = (dot > 0 ? originalName.slice(0, dot) : originalName) || 'file';
  return `${stem}.${extension}`;
}

/**
 * Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 8187).
 * Inline only for the image types we serve; anything else would be an attachment.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
