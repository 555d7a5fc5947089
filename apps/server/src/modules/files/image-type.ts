import type { AttachmentContentType, ImageContentType } from '@leadcapture/contracts/files';

export interface ImageType {
  contentType: ImageContentType;
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

/** Bytes needed to recognise every accepted format (WebP: "RIFF" size "WEBP"). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => Array.from(Buffer.from(text, 'latin1'));

/**
 * The image format of a file from its first bytes (its "magic number"), whatever its name or
 * declared type say. Only raster formats browsers display are accepted; SVG is not, as it is a
 * document that can carry script. Answers null for anything else.
 */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return null;
}

export function extensionOf(contentType: AttachmentContentType): AttachmentType['extension'] {
  switch (contentType) {
    case 'application/pdf':
      return 'pdf';
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return 'docx';
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return 'xlsx';
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return 'pptx';
    case 'image/png':
      return 'png';
    case 'image/jpeg':
      return 'jpg';
    case 'image/webp':
      return 'webp';
    case 'image/gif':
      return 'gif';
  }
}

export interface AttachmentType {
  contentType: AttachmentContentType;
  extension: ImageType['extension'] | 'pdf' | 'docx' | 'xlsx' | 'pptx';
}

/**
 * Bytes read before deciding on an attachment: an Office document is a zip whose first entry is
 * `[Content_Types].xml` (small); the entries after it name the kind (`word/`, `xl/`, `ppt/`).
 */
export const ATTACHMENT_SNIFF_BYTES = 64 * 1024;

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OFFICE_KINDS = [
  {
    folder: 'word/',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  {
    folder: 'xl/',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  {
    folder: 'ppt/',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
] as const;

/**
 * The type of a visitor's attachment from its first bytes: an accepted image, a PDF, or an Office
 * document (a zip that starts with `[Content_Types].xml` and holds a `word/`, `xl/` or `ppt/`
 * entry). A plain zip, an executable or anything else answers null, whatever its name says.
 */
export function detectAttachmentType(head: Uint8Array): AttachmentType | null {
  const image = detectImageType(head);
  if (image) return image;
  if (startsWith(head, ascii('%PDF-'))) return { contentType: 'application/pdf', extension: 'pdf' };
  if (!startsWith(head, ZIP_LOCAL_HEADER) || head.length < 30) return null;
  const buffer = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const nameLength = buffer.readUInt16LE(26);
  if (buffer.toString('latin1', 30, 30 + nameLength) !== '[Content_Types].xml') return null;
  const text = buffer.toString('latin1');
  // Entry names follow a local header signature and its fixed 30 bytes, so look for the folder
  // right there rather than anywhere in compressed data.
  for (const kind of OFFICE_KINDS) {
    let at = text.indexOf('PK\u0003\u0004');
    while (at !== -1) {
      if (text.startsWith(kind.folder, at + 30)) return { contentType: kind.contentType, extension: kind.extension };
      at = text.indexOf('PK\u0003\u0004', at + 4);
    }
  }
  return null;
}
