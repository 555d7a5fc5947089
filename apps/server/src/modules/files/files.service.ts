import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { FileInfo, FilePurpose } from '@leadcapture/contracts/files';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { assertCan, can } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { reserveUsage } from '../billing/billing.service.ts';
import { sanitizeFileName } from './file-name.ts';
import { files } from './files.table.ts';
import { detectImageType, SNIFF_BYTES } from './image-type.ts';
import { IMAGE_LIMIT, invalidImage, type Upload, type UploadLimit } from './upload.ts';

// The module's public surface for other modules (docs/architecture.md, "Modules"): what they may
// use of its other files.
export { contentDisposition } from './file-name.ts';
export { readUpload, registerUploads, uploadDocs, binary, type Upload, type UploadLimit } from './upload.ts';
export { ATTACHMENT_SNIFF_BYTES, detectAttachmentType } from './image-type.ts';
export { files } from './files.table.ts';

export type FileRow = typeof files.$inferSelect;

export const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');

export const PUBLIC_PURPOSES: readonly FilePurpose[] = ['organization_logo', 'event_logo'];

/** The address of a public file (logos), usable in `<img src>` without a token. */
export function publicFileUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/api/v1/public/files/${id}/`;
}

export function toFileInfo(row: FileRow, publicUrl: string): FileInfo {
  return {
    id: row.id,
    purpose: row.purpose,
    content_type: row.contentType,
    size: row.size,
    original_name: row.originalName,
    uploaded_by: row.uploadedBy,
    download_url: `${publicUrl}/api/v1/files/${row.id}/download/`,
    public_url: PUBLIC_PURPOSES.includes(row.purpose) ? publicFileUrl(publicUrl, row.id) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Bytes stored, not yet recorded: the caller records them in a transaction or removes them. */
export interface StoredImage {
  key: string;
  contentType: FileRow['contentType'];
  size: number;
  originalName: string;
}

/**
 * Streams an uploaded image into storage under a server-made key. The type comes from the first
 * bytes (refused at once when they are not an accepted image) and the size is counted as the
 * bytes pass, so a file over the limit is refused without ever being held whole. Nothing is left
 * in storage when this throws.
 */
export async function storeImage(storage: FileStorage, organizationId: string, upload: Upload): Promise<StoredImage> {
  return storeChecked(storage, organizationId, upload, IMAGE_CHECK);
}

/** How an upload is recognised and bounded: an image, or a visitor's attachment. */
export interface ContentCheck {
  sniffBytes: number;
  detect: (head: Uint8Array) => { contentType: FileRow['contentType']; extension: string } | null;
  invalid: () => AppError;
  limit: UploadLimit;
}
const IMAGE_CHECK: ContentCheck = {
  sniffBytes: SNIFF_BYTES,
  detect: detectImageType,
  invalid: invalidImage,
  limit: IMAGE_LIMIT,
};

/** storeImage for any content check: the type from the first bytes, the size counted as they pass. */
export async function storeChecked(
  storage: FileStorage,
  organizationId: string,
  upload: Upload,
  check: ContentCheck,
): Promise<StoredImage> {
  const source = upload.content[Symbol.asyncIterator]();
  try {
    return await streamChecked(storage, organizationId, upload, source, check);
  } finally {
    // Stop reading a refused upload (a no-op once it was read to the end).
    await source.return?.(undefined);
  }
}

async function streamChecked(
  storage: FileStorage,
  organizationId: string,
  upload: Upload,
  source: AsyncIterator<Buffer>,
  check: ContentCheck,
): Promise<StoredImage> {
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < check.sniffBytes) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  const type = check.detect(first);
  if (!type) throw check.invalid();

  const key = `${organizationId}/${randomUUID()}.${type.extension}`;
  let size = 0;
  const counted = (chunk: Buffer) => {
    size += chunk.length;
    if (size > check.limit.maxBytes) throw check.limit.tooLarge();
    return chunk;
  };
  const body = async function* () {
    yield counted(first);
    while (!ended) {
      const next = await source.next();
      if (next.done) break;
      yield counted(next.value);
    }
    // Busboy ends a part early at the limit; without this check a cut file would be stored.
    if (upload.truncated()) throw check.limit.tooLarge();
  };
  await storage.write(key, body());
  return { key, contentType: type.contentType, size, originalName: sanitizeFileName(upload.filename) };
}

/** Removes stored bytes whose row was never written or is gone; a failure only leaves an orphan. */
export async function discardStored(deps: Pick<AppDeps, 'storage' | 'log'>, key: string): Promise<void> {
  try {
    await deps.storage.remove(key);
  } catch (err) {
    deps.log.warn({ err, key }, 'could not remove a stored file; it is an orphan now');
  }
}

/** Records stored bytes as a file of the tenant, inside the caller's transaction. */
export async function insertFile(
  ctx: TenantContext,
  meta: RequestMeta,
  stored: StoredImage,
  purpose: FilePurpose,
): Promise<FileRow> {
  // Stored files count against the plan's storage (docs/billing.md); the caller removes the bytes on a refusal.
  await reserveUsage(ctx, 'storage', stored.size);
  const [row] = await ctx.tx
    .insert(files)
    .values({
      organizationId: ctx.organizationId,
      uploadedBy: ctx.userId,
      purpose,
      contentType: stored.contentType,
      size: stored.size,
      originalName: stored.originalName,
      storageKey: stored.key,
    })
    .returning();
  if (!row) throw new Error('file insert returned no row');
  await recordAudit(ctx.tx, meta, {
    action: 'file.uploaded',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'file',
    targetId: row.id,
    metadata: { purpose, content_type: row.contentType, size: row.size },
  });
  return row;
}

/**
 * The two-phase upload shared by POST /files/upload/ and the logo: check the permission, store
 * the bytes (no transaction open), then record them in a second transaction for the same
 * organisation, where membership and permission are checked again. When recording fails, the
 * stored bytes are removed: no row without its bytes, no bytes without their row.
 */
export async function storeThenRecord<T>(
  deps: AppDeps,
  inTenant: TenantRunner,
  receive: () => Promise<Upload>,
  authorize: (ctx: TenantContext) => void,
  record: (ctx: TenantContext, stored: StoredImage) => Promise<T>,
): Promise<T> {
  const organizationId = await inTenant(async (ctx) => {
    authorize(ctx);
    return ctx.organizationId;
  });
  const stored = await storeImage(deps.storage, organizationId, await receive());
  try {
    return await inTenant(async (ctx) => {
      authorize(ctx);
      return record(ctx, stored);
    }, organizationId);
  } catch (err) {
    await discardStored(deps, stored.key);
    throw err;
  }
}

/** POST /files/upload/: an image for the organisation (owner, admin, member). */
export async function uploadFile(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  receive: () => Promise<Upload>,
): Promise<FileInfo> {
  const row = await storeThenRecord(
    deps,
    inTenant,
    receive,
    (ctx) => assertCan(ctx, 'files.upload'),
    (ctx, stored) => insertFile(ctx, meta, stored, 'general'),
  );
  return toFileInfo(row, deps.config.publicUrl);
}

/** A file of the tenant; another organisation's file is not found, exactly like a missing one. */
export async function loadFile(ctx: TenantContext, id: string): Promise<FileRow> {
  // The explicit organisation filter matters: RLS lets every tenant read logo rows (they are public).
  const [row] = await ctx.tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.organizationId, ctx.organizationId)));
  if (!row) throw fileNotFound();
  return row;
}

export async function getFile(ctx: TenantContext, publicUrl: string, id: string): Promise<FileInfo> {
  assertCan(ctx, 'files.read');
  return toFileInfo(await loadFile(ctx, id), publicUrl);
}

/** A file to send: its row, and its bytes when wanted (not for a 304 answer). */
export interface FileHandle {
  row: FileRow;
  open(): Promise<Readable>;
}

function handleOf(deps: Pick<AppDeps, 'storage' | 'log'>, row: FileRow): FileHandle {
  return {
    row,
    async open() {
      const body = await deps.storage.read(row.storageKey);
      if (!body) {
        deps.log.error({ fileId: row.id, key: row.storageKey }, 'file row without stored bytes');
        throw fileNotFound();
      }
      return body;
    },
  };
}

/** A tenant's file to download; the bytes are read after the transaction, which never waits on disk. */
export async function findFile(deps: AppDeps, inTenant: TenantRunner, id: string): Promise<FileHandle> {
  const row = await inTenant(async (ctx) => {
    assertCan(ctx, 'files.read');
    return loadFile(ctx, id);
  });
  return handleOf(deps, row);
}

/** A public file (a logo) for anyone; every other file is not found here, whoever asks. */
export async function findPublicFile(deps: AppDeps, id: string): Promise<FileHandle> {
  const [row] = await inScope(deps.db, {}, (tx) =>
    tx
      .select()
      .from(files)
      .where(and(eq(files.id, id), inArray(files.purpose, [...PUBLIC_PURPOSES]))),
  );
  if (!row) throw fileNotFound();
  return handleOf(deps, row);
}

/**
 * DELETE /files/{id}/: owners and admins, or the member who uploaded it. A logo is removed with
 * DELETE /organizations/{id}/logo/, which also clears the organisation's logo_url. The bytes go
 * after commit; if that fails they are only an orphan, never reachable again.
 */
export async function deleteFile(deps: AppDeps, inTenant: TenantRunner, meta: RequestMeta, id: string): Promise<void> {
  const key = await inTenant(async (ctx) => {
    assertCan(ctx, 'files.read');
    const row = await loadFile(ctx, id);
    const own = row.uploadedBy === ctx.userId && can(ctx.role, 'files.upload');
    if (!own) assertCan(ctx, 'files.delete');
    // A logo goes through its owner's logo route, which also clears the owner's logo_url.
    if (row.purpose === 'organization_logo') {
      throw new AppError(
        'CONFLICT',
        "This file is the organization's logo; remove it with DELETE /organizations/{id}/logo/.",
      );
    }
    if (row.purpose === 'event_logo') {
      throw new AppError('CONFLICT', "This file is an event's logo; remove it with DELETE /events/{id}/logo/.");
    }
    await ctx.tx.delete(files).where(and(eq(files.id, row.id), eq(files.organizationId, ctx.organizationId)));
    await recordAudit(ctx.tx, meta, {
      action: 'file.deleted',
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      targetType: 'file',
      targetId: row.id,
      metadata: { purpose: row.purpose, original_name: row.originalName },
    });
    return row.storageKey;
  });
  await discardStored(deps, key);
}

/** Removes the stored files of deleted organisations (their rows went with them, by cascade). */
export async function purgeOrganizationFiles(deps: Pick<AppDeps, 'storage' | 'log'>, organizationIds: string[]) {
  for (const organizationId of organizationIds) {
    try {
      await deps.storage.removePrefix(organizationId);
    } catch (err) {
      deps.log.warn({ err, organizationId }, 'could not remove the files of a deleted organization');
    }
  }
}
