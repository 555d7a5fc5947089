import multipart from '@fastify/multipart';
import { FILE_MESSAGES, MAX_IMAGE_BYTES, UPLOAD_FIELD } from '@leadcapture/contracts/files';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../http/errors.ts';

/** A file part in the OpenAPI document. */
export const binary = z.string().meta({ format: 'binary' });

/**
 * For OpenAPI: a multipart body with a `file` part. The handler reads the part as a stream, so
 * nothing is parsed into a body to validate; the schema is nullish to let that empty body pass.
 */
export const uploadDocs = {
  consumes: ['multipart/form-data'],
  description: `One part named "${UPLOAD_FIELD}": a PNG, JPEG, WebP or GIF image of at most 2 MB, recognised by its content. A wrong type answers 422, a larger file 413 PAYLOAD_TOO_LARGE, each with details.${UPLOAD_FIELD}.`,
  body: z.object({ [UPLOAD_FIELD]: binary }).nullish(),
};

/**
 * Multipart uploads, streamed: the file part is read as it arrives and never buffered whole.
 * Busboy stops passing bytes on at the size limit (the part is then marked truncated); the
 * other limits keep a request from smuggling in many parts or large fields.
 */
const LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 11,
  headerPairs: 50,
};

/**
 * Room for the multipart framing around the file (boundaries, part headers, a few small fields).
 * A body whose declared length exceeds the limit by more than this cannot hold a valid file.
 */
const FRAMING_ALLOWANCE = 64 * 1024;

/**
 * 413 PAYLOAD_TOO_LARGE (03-decisions §2), not a 422: the file may be perfectly valid, only too big.
 * The details still name the field, so a form shows the message beside it.
 */
export const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge, { [UPLOAD_FIELD]: [FILE_MESSAGES.tooLarge] });
export const invalidImage = () => validationError({ file: [FILE_MESSAGES.invalidImage] }, FILE_MESSAGES.invalidImage);
const malformed = () => new AppError('BAD_REQUEST', 'The upload was interrupted or is not valid multipart data.');

/**
 * Registers the multipart parser in the calling plugin only (fastify encapsulation), so the JSON
 * routes elsewhere keep answering 415 to multipart bodies.
 */
export async function registerUploads(app: FastifyInstance, maxBytes = MAX_IMAGE_BYTES): Promise<void> {
  await app.register(multipart, { limits: { ...LIMITS, fileSize: maxBytes }, throwFileSizeLimit: false });
  // An answer given before the request arrived whole (a refused token, a file refused at its
  // first bytes or at the limit) closes the connection: keeping it alive would mean reading the
  // rest of the body, however large, only to throw it away.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) void reply.header('connection', 'close');
    return payload;
  });
}

/** The file of an upload request, to be read once. */
export interface Upload {
  /** As the client sent it; untrusted, sanitised before it is stored. */
  filename: string;
  /** The bytes as they arrive; a malformed or interrupted body surfaces as 400 BAD_REQUEST. */
  content: AsyncIterable<Buffer>;
  /** True when the part was cut at the size limit (known once `content` has ended). */
  truncated(): boolean;
}

/** How large a file an upload route takes, and its 413 (an image's, or a visitor's attachment's). */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: () => AppError;
}
export const IMAGE_LIMIT: UploadLimit = { maxBytes: MAX_IMAGE_BYTES, tooLarge };

/** The part named `file` of a multipart request (spec 01 §7: "a multipart form with a file field"). */
export async function readUpload(request: FastifyRequest, limit: UploadLimit = IMAGE_LIMIT): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file as multipart/form-data in a field named "${UPLOAD_FIELD}".`,
    );
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit.maxBytes + FRAMING_ALLOWANCE) throw limit.tooLarge();

  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch {
    throw malformed();
  }
  if (part?.fieldname !== UPLOAD_FIELD) {
    throw validationError({ [UPLOAD_FIELD]: [FILE_MESSAGES.required] }, FILE_MESSAGES.required);
  }
  const stream = part.file;
  // Busboy cuts the part at the limit but would go on reading the request to its end (however
  // long) before ending the part; destroying the stream at the limit stops reading there.
  // An object, as flow analysis cannot see the event handler change a plain variable.
  const cut = { overLimit: false };
  stream.once('limit', () => {
    cut.overLimit = true;
    stream.destroy();
  });
  return {
    filename: part.filename,
    content: (async function* () {
      try {
        for await (const chunk of stream) yield chunk as Buffer;
      } catch {
        throw cut.overLimit ? limit.tooLarge() : malformed();
      }
      if (cut.overLimit) throw limit.tooLarge();
    })(),
    truncated: () => cut.overLimit || stream.truncated,
  };
}
