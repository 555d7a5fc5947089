import type { ImageContentType } from '@leadcapture/contracts/files';

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

export function extensionOf(contentType: ImageContentType): ImageType['extension'] {
  switch (contentType) {
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
