/**
 * Hand-written checks of an API answer, for the few answers a page waits for before it can draw
 * (the signed-in user) or checks while it first draws (the Lobby's figures): zod (~24 KB of
 * JavaScript, and the work of building its schemas on a phone) stays off those pages
 * (docs/decisions/010-web-performance-budget.md). Each check accepts and answers exactly what its
 * contract schema's `parse` does, unknown keys dropped, and a test holds the two together input
 * by input (me-check.test.ts, overview-check.test.ts).
 */

/** zod's `z.iso.date()` day: a real calendar date, leap days included. */
const DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';

/** zod's `z.iso.date()`. */
export const ISO_DATE = new RegExp(`^${DATE}$`);
/** zod's `z.iso.datetime()`: UTC only (`Z`), with seconds (RFC 3339), any fraction of them. */
export const ISO_DATETIME = new RegExp(`^${DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?Z$`);
/** zod's `z.uuid()`: RFC 9562 (versions 1-8, the variant bits), plus the nil and max UUIDs. */
export const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export class ShapeError extends Error {
  constructor(subject: string, path: string) {
    super(`Unexpected ${subject} shape at ${path}`);
    this.name = 'ShapeError';
  }
}

/** The fields of one object of an answer, each read as the contract's schema would accept it. */
export type Fields = {
  text: (key: string) => string;
  /** `z.string().optional()`: undefined when the key is absent */
  optionalText: (key: string) => string | undefined;
  matching: (key: string, pattern: RegExp) => string;
  uuid: (key: string) => string;
  date: (key: string) => string;
  datetime: (key: string) => string;
  datetimeOrNull: (key: string) => string | null;
  oneOf: <T extends string>(key: string, allowed: readonly T[]) => T;
  flag: (key: string) => boolean;
  /** `z.number().int()` */
  integer: (key: string) => number;
  /** `z.number().int().nonnegative()` */
  count: (key: string) => number;
  /** `z.number().min(min).max(max)` */
  between: (key: string, min: number, max: number) => number;
  object: <T>(key: string, read: (fields: Fields) => T) => T;
  objectOrNull: <T>(key: string, read: (fields: Fields) => T) => T | null;
  list: <T>(key: string, read: (fields: Fields) => T) => T[];
};

/**
 * Reads an answer about `subject` ("user", "overview"): `shapeOf('user')(data)` gives the root
 * object's fields, and every error names the subject and the path, `organizations.1.role`.
 */
export function shapeOf(subject: string): (data: unknown) => Fields {
  const fail = (path: string): never => {
    throw new ShapeError(subject, path);
  };

  function fields(value: unknown, path: string): Fields {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(path || '(root)');
    const source = value as Record<string, unknown>;
    const at = (key: string) => (path === '' ? key : `${path}.${key}`);

    const text = (key: string): string => {
      const field = source[key];
      return typeof field === 'string' ? field : fail(at(key));
    };
    const matching = (key: string, pattern: RegExp): string => {
      const field = text(key);
      return pattern.test(field) ? field : fail(at(key));
    };
    const integer = (key: string): number => {
      const field = source[key];
      return typeof field === 'number' && Number.isSafeInteger(field) ? field : fail(at(key));
    };
    const object = <T>(key: string, read: (inner: Fields) => T): T => read(fields(source[key], at(key)));

    return {
      text,
      optionalText: (key) => (source[key] === undefined ? undefined : text(key)),
      matching,
      uuid: (key) => matching(key, UUID),
      date: (key) => matching(key, ISO_DATE),
      datetime: (key) => matching(key, ISO_DATETIME),
      datetimeOrNull: (key) => (source[key] === null ? null : matching(key, ISO_DATETIME)),
      oneOf: <T extends string>(key: string, allowed: readonly T[]): T => {
        const field = text(key);
        return (allowed as readonly string[]).includes(field) ? (field as T) : fail(at(key));
      },
      flag: (key) => {
        const field = source[key];
        return typeof field === 'boolean' ? field : fail(at(key));
      },
      integer,
      count: (key) => {
        const field = integer(key);
        return field >= 0 ? field : fail(at(key));
      },
      between: (key, min, max) => {
        const field = source[key];
        return typeof field === 'number' && Number.isFinite(field) && field >= min && field <= max
          ? field
          : fail(at(key));
      },
      object,
      objectOrNull: (key, read) => (source[key] === null ? null : object(key, read)),
      list: (key, read) => {
        const field = source[key];
        if (!Array.isArray(field)) return fail(at(key));
        return field.map((item: unknown, index) => read(fields(item, `${at(key)}.${index}`)));
      },
    };
  }

  return (data) => fields(data, '');
}
