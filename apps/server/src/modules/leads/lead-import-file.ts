import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { parse, type Parser } from 'csv-parse';
import { UPLOAD_FIELD } from '@leadcapture/contracts/files';
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MESSAGES } from '@leadcapture/contracts/lead-imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../http/errors.ts';

/**
 * The CSV file of an import: received as multipart into DATA_DIR/imports (the import runs after
 * the answer, so the file must outlive the request), checked by content, and read back as
 * records by a streaming parser.
 */

const FRAMING_ALLOWANCE = 256 * 1024;
const LIMITS = {
  fileSize: IMPORT_MAX_BYTES,
  files: 1,
  fields: 10,
  // The mapping of up to IMPORT_MAX_COLUMNS columns of up to 200 characters, as JSON.
  fieldSize: 96 * 1024,
  fieldNameSize: 100,
  parts: 11,
  headerPairs: 50,
};

export const fileTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { file: [IMPORT_MESSAGES.tooLarge] });
const badFile = (message: string) => validationError({ file: [message] }, message);
const malformed = () => new AppError('BAD_REQUEST', 'The upload was interrupted or is not valid multipart data.');

/** The multipart parser for this plugin only, with the import's limits. */
export async function registerImportUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
  app.addHook('onSend', async (request, reply, payload) => {
    // An answer before the whole body arrived (over the limit) closes the connection rather
    // than reading the rest of a large body only to discard it.
    if (!request.raw.complete) void reply.header('connection', 'close');
    return payload;
  });
}

export interface ReceivedFile {
  fileName: string;
  path: string;
  size: number;
  /** The other multipart fields, as text. */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/** Stores the `file` part under `dir` and collects the other fields; 413 over the limit. */
export async function receiveImportFile(request: FastifyRequest, dir: string): Promise<ReceivedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file as multipart/form-data in a field named "${UPLOAD_FIELD}".`,
    );
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + FRAMING_ALLOWANCE) throw fileTooLarge();
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomUUID()}.csv`);
  const discard = () => rm(target, { force: true });
  const fields: Record<string, string> = {};
  let fileName: string | undefined;
  let size = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || fileName !== undefined) {
        part.file.resume();
        continue;
      }
      const cut = { overLimit: false };
      part.file.once('limit', () => {
        cut.overLimit = true;
        part.file.destroy();
      });
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(part.file, createWriteStream(target));
      } catch {
        throw cut.overLimit ? fileTooLarge() : malformed();
      }
      if (cut.overLimit || part.file.truncated) throw fileTooLarge();
      fileName = part.filename.slice(0, 255) || 'import.csv';
    }
  } catch (err) {
    await discard();
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw malformed();
  }
  if (fileName === undefined) {
    await discard();
    throw badFile(IMPORT_MESSAGES.fileRequired);
  }
  return { fileName, path: target, size, fields, discard };
}

export type Delimiter = ',' | ';';

/**
 * Refuses what is not CSV text by its content: empty, NUL bytes (binary, spreadsheets, zips)
 * or invalid UTF-8. Answers the delimiter of the header line: `;` when it has more semicolons
 * than commas outside quotes (Swedish Excel writes `;`), else `,`.
 */
export async function sniffCsv(filePath: string): Promise<Delimiter> {
  const handle = await open(filePath, 'r');
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (sample.length === 0) throw badFile(IMPORT_MESSAGES.empty);
  if (sample.includes(0)) throw badFile(IMPORT_MESSAGES.notCsv);
  let text: string;
  try {
    // stream: true tolerates a character cut at the end of the sample.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    throw badFile(IMPORT_MESSAGES.notCsv);
  }
  text = text.replace(/^\ufeff/, '');
  if (text.trim() === '') throw badFile(IMPORT_MESSAGES.empty);
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

export interface CsvRecord {
  /** The line of the file the record ends on (the header is line 1; most records are one line). */
  line: number;
  values: string[];
}

/**
 * Bytes read from the file at once: the parser turns a whole chunk into records without giving
 * the event loop a turn, and 64 KiB (the default) held it for 80-270 ms on a loaded machine.
 */
const READ_CHUNK_BYTES = 16 * 1024;

/** The file's records as they are parsed, header included: quotes, BOM and CRLF handled. */
export async function* readCsv(filePath: string, delimiter: Delimiter): AsyncGenerator<CsvRecord> {
  const parser: Parser = createReadStream(filePath, { highWaterMark: READ_CHUNK_BYTES }).pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: 1024 * 1024,
    }),
  );
  try {
    for await (const item of parser) {
      const { record, info } = item as { record: string[]; info: { lines: number; raw?: string } };
      yield { line: info.lines, values: record.slice(0, IMPORT_MAX_COLUMNS) };
    }
  } finally {
    parser.destroy();
  }
}

/** The header and the first `rows` records; 422 when the file has no usable header. */
export async function csvHead(
  filePath: string,
  delimiter: Delimiter,
  rows: number,
): Promise<{ columns: string[]; rows: string[][] }> {
  const found: string[][] = [];
  let columns: string[] | undefined;
  try {
    for await (const record of readCsv(filePath, delimiter)) {
      if (!columns) columns = uniqueNames(record.values.map((c) => c.trim()));
      else found.push(record.values);
      if (found.length >= rows) break;
    }
  } catch {
    throw badFile(IMPORT_MESSAGES.notCsv);
  }
  if (!columns || columns.every((c) => c === '')) throw badFile(IMPORT_MESSAGES.noHeader);
  return { columns, rows: found };
}

/** Column names as keys of a mapping: a repeated name gets " (2)", " (3)" … */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
