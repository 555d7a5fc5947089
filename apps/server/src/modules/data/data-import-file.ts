import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { parse, type Parser } from 'csv-parse';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { DATA_IMPORT_MESSAGES } from '@leadcapture/contracts/data-imports';
import { UPLOAD_FIELD } from '@leadcapture/contracts/files';
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MESSAGES } from '@leadcapture/contracts/lead-imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../http/errors.ts';

/**
 * The file of an import: received as multipart into DATA_DIR/imports (the import runs after
 * the answer, so the file must outlive the request), judged by its content (an XLSX workbook is
 * a zip; anything else must be UTF-8 CSV text), and read back as records by a streaming parser.
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
  const target = path.join(dir, `${randomUUID()}.upload`);
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
      fileName = part.filename.slice(0, 255) || 'import';
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

/** What an import reads: a CSV with its delimiter, or the first sheet of an XLSX workbook. */
export type ImportSource = { kind: 'csv'; path: string; delimiter: Delimiter } | { kind: 'xlsx'; path: string };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Limits of a workbook, checked before exceljs inflates anything: every entry's unpacked size
 * as the zip declares it, then the real sizes in one streaming pass that inflates into nothing
 * (yauzl fails an entry that unpacks to more than it declared), so a zip bomb or a shared-strings
 * table of gigabytes is refused with constant memory. 100,000 ordinary rows unpack to ~40 MB.
 */
export const XLSX_LIMITS = {
  entryBytes: 256 * 1024 * 1024,
  totalBytes: 320 * 1024 * 1024,
  sharedStringsBytes: 128 * 1024 * 1024,
  /** Rows a sheet's <dimension> may declare. */
  rows: 1_000_000,
};

/** Judges the stored file by its bytes: an XLSX workbook (checked for bombs) or CSV text. */
export async function sniffFile(filePath: string): Promise<ImportSource> {
  const sample = await readSample(filePath);
  if (sample.length === 0) throw badFile(IMPORT_MESSAGES.empty);
  if (sample.subarray(0, 4).equals(ZIP_MAGIC)) {
    await checkWorkbook(filePath);
    return { kind: 'xlsx', path: filePath };
  }
  return { kind: 'csv', path: filePath, delimiter: await sniffCsv(filePath, sample) };
}

async function readSample(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip)));
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)));
  });
}

/** The rows and columns a sheet's `<dimension ref="A1:Q100001"/>` declares, if it has one. */
function declaredDimension(xmlStart: string): { rows: number; columns: number } | null {
  const match = /<dimension\s+ref="[A-Z]*\d*:?([A-Z]+)(\d+)"/.exec(xmlStart);
  if (!match?.[1] || !match[2]) return null;
  const columns = Array.from(match[1], (ch) => ch).reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0);
  return { rows: Number(match[2]), columns };
}

async function checkWorkbook(filePath: string): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(filePath);
  } catch {
    throw badFile(DATA_IMPORT_MESSAGES.xlsxBroken);
  }
  const entries: yauzl.Entry[] = [];
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      declared += entry.uncompressedSize;
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  }).catch(() => {
    throw badFile(DATA_IMPORT_MESSAGES.xlsxBroken);
  });
  const names = new Set(entries.map((e) => e.fileName));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    zip.close();
    throw badFile(IMPORT_MESSAGES.notCsv);
  }
  const tooBig = (e: yauzl.Entry) =>
    e.uncompressedSize >
    (e.fileName === 'xl/sharedStrings.xml' ? XLSX_LIMITS.sharedStringsBytes : XLSX_LIMITS.entryBytes);
  if (declared > XLSX_LIMITS.totalBytes || entries.some(tooBig)) {
    zip.close();
    throw badFile(DATA_IMPORT_MESSAGES.xlsxTooLarge);
  }
  // The real sizes: each entry inflated into nothing, the sheets' first bytes kept for their
  // declared dimension. yauzl errors when an entry unpacks to more than the zip declared. A
  // deadline bounds it: a crafted zip whose entry stream never ends must not hold the request.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(badFile(DATA_IMPORT_MESSAGES.xlsxBroken)), XLSX_CHECK_MS);
  });
  try {
    await Promise.race([inflateAll(zip, entries), deadline]);
  } finally {
    clearTimeout(timer);
    zip.close();
  }
}

/** How long the workbook check may take: far more than a real workbook under the limits needs. */
const XLSX_CHECK_MS = 5_000;

async function inflateAll(zip: yauzl.ZipFile, entries: yauzl.Entry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName);
    let head = '';
    try {
      const stream = await entryStream(zip, entry);
      for await (const chunk of stream) {
        if (isSheet && head.length < 4096) head += (chunk as Buffer).toString('utf8', 0, 4096);
      }
    } catch {
      throw badFile(DATA_IMPORT_MESSAGES.xlsxTooLarge);
    }
    const size = isSheet ? declaredDimension(head) : null;
    if (size && (size.rows > XLSX_LIMITS.rows || size.columns > IMPORT_MAX_COLUMNS)) {
      throw badFile(DATA_IMPORT_MESSAGES.xlsxTooWide);
    }
  }
}

/**
 * Refuses what is not CSV text by its content: empty, NUL bytes (binary, spreadsheets, zips)
 * or invalid UTF-8. Answers the delimiter of the header line: `;` when it has more semicolons
 * than commas outside quotes (Swedish Excel writes `;`), else `,`.
 */
export async function sniffCsv(filePath: string, given?: Buffer): Promise<Delimiter> {
  const sample = given ?? (await readSample(filePath));
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

/** A cell of exceljs as the text a CSV would carry. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/**
 * The first sheet's rows, streamed by exceljs (shared strings cached: their size was checked in
 * sniffFile). Empty rows are skipped, as in a CSV; `line` is the sheet's row number.
 *
 * exceljs's streaming reader races with its unzipper: about one read in 150 of a workbook whose
 * sheet comes before xl/workbook.xml (exceljs writes them so) ends before the first row, with
 * no rows or a TypeError from its model. Such a read is tried again, twice at most; once a row
 * has been answered, an error is the file's.
 */
export async function* readXlsx(filePath: string): AsyncGenerator<CsvRecord> {
  for (let attempt = 1; ; attempt += 1) {
    let answered = false;
    try {
      for await (const record of readFirstSheet(filePath)) {
        answered = true;
        yield record;
      }
    } catch (err) {
      if (answered || attempt === XLSX_READ_ATTEMPTS) throw err;
      continue;
    }
    if (answered || attempt === XLSX_READ_ATTEMPTS) return;
  }
}

const XLSX_READ_ATTEMPTS = 3;

async function* readFirstSheet(filePath: string): AsyncGenerator<CsvRecord> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      const raw = row.values as ExcelJS.CellValue[];
      const values: string[] = [];
      for (let i = 1; i < Math.min(raw.length, IMPORT_MAX_COLUMNS + 1); i += 1) values.push(cellText(raw[i]));
      if (values.every((v) => v.trim() === '')) continue;
      yield { line: row.number, values };
    }
    // Only the first sheet is imported.
    break;
  }
}

/** The records of a CSV or the first sheet of a workbook, header first. */
export function readRecords(source: ImportSource): AsyncGenerator<CsvRecord> {
  return source.kind === 'csv' ? readCsv(source.path, source.delimiter) : readXlsx(source.path);
}

/** The header and the first `rows` records; 422 when the file has no usable header. */
export async function fileHead(source: ImportSource, rows: number): Promise<{ columns: string[]; rows: string[][] }> {
  const found: string[][] = [];
  let columns: string[] | undefined;
  try {
    for await (const record of readRecords(source)) {
      if (!columns) columns = uniqueNames(record.values.map((c) => c.trim()));
      else found.push(record.values);
      if (found.length >= rows) break;
    }
  } catch {
    throw badFile(source.kind === 'csv' ? IMPORT_MESSAGES.notCsv : DATA_IMPORT_MESSAGES.xlsxBroken);
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
