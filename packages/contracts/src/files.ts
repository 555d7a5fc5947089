import { z } from 'zod';
import { ATTACHMENT_CONTENT_TYPES } from './public-capture.ts';

export {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MESSAGES,
  MAX_ATTACHMENT_BYTES,
  type Attachment,
  type AttachmentContentType,
} from './public-capture.ts';

/**
 * Uploaded files (spec 01 §7 Files, §5 logo rules). Uploads are multipart/form-data with one part
 * named `file`. Only raster images are accepted for now, recognised by their content (magic
 * bytes), never by file name or declared type; SVG is refused because it can carry script.
 */
export const UPLOAD_FIELD = 'file';

/** 2 MiB; a file of exactly this size is accepted ("less than 2MB" in the UI's words). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** For `<input type="file" accept=…>`; the server still decides by content. */
export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(',');

/** POST /public/events|offers/{id_or_slug}/files/: the uploaded file, to send as the field's answer. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  content_type: z.enum(ATTACHMENT_CONTENT_TYPES),
});

/**
 * What a file is for. Logo files (`organization_logo`, `event_logo`) are public (GET /public/files/{id}/), as logos
 * appear on public capture pages; every other purpose needs a member's bearer token.
 */
// `lead_attachment`: a visitor's file on a form's file field, linked to the lead; never public.
export const FILE_PURPOSES = ['general', 'organization_logo', 'event_logo', 'lead_attachment'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Longest original file name kept (longer names are shortened, keeping the extension). */
export const FILE_NAME_MAX_LENGTH = 255;

/**
 * Messages in `error.details.file` of a 422 VALIDATION_ERROR. A file over the limit is a 422
 * too (not a 413): it is a rule of the form field, shown next to it like the wrong-type error.
 */
export const FILE_MESSAGES = {
  required: 'This field is required',
  invalidImage: 'Please select a valid image file',
  tooLarge: 'Image size must be less than 2MB',
} as const;

export const fileSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(FILE_PURPOSES),
  /** The type detected from the content, which is also what downloads are served as. */
  content_type: z.enum(ATTACHMENT_CONTENT_TYPES),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** The uploader's file name, cleaned of paths and control characters; display only. */
  original_name: z.string(),
  uploaded_by: z.uuid().nullable(),
  /** Needs the bearer token (fetch it as a blob). */
  download_url: z.string(),
  /** An address usable in `<img src>` without a token; only for public purposes, else null. */
  public_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type FileInfo = z.infer<typeof fileSchema>;
