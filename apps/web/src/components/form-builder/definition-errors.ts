import type { FormField } from '@leadcapture/contracts/form-fields';
import { formFieldsSchema } from '@leadcapture/contracts/forms';
import { useMemo, useState } from 'react';

/**
 * The problems of a form definition, in the contract's English wording (translated where they
 * are shown). Paths are relative to one field: `label`, `options`, `options.1`, and '' for the
 * field as a whole.
 */
export type FieldErrorMap = Readonly<Record<string, readonly string[]>>;

export interface FormDefinitionErrors {
  /** Problems of the form as a whole (too many fields). */
  form: readonly string[];
  /** The problems of each field, by its position in the form. */
  fields: ReadonlyMap<number, FieldErrorMap>;
  /** How many messages there are in all: the form may be saved only when this is 0. */
  count: number;
}

export const NO_ERRORS: FormDefinitionErrors = { form: [], fields: new Map(), count: 0 };

type MutableErrors = { form: string[]; fields: Map<number, Record<string, string[]>> };

function add(into: MutableErrors, path: readonly PropertyKey[], message: string): void {
  const [first, ...rest] = path;
  if (typeof first !== 'number') {
    if (!into.form.includes(message)) into.form.push(message);
    return;
  }
  const key = rest.map(String).join('.');
  let field = into.fields.get(first);
  if (field === undefined) {
    field = {};
    into.fields.set(first, field);
  }
  const messages = (field[key] ??= []);
  if (!messages.includes(message)) messages.push(message);
}

function finish(errors: MutableErrors): FormDefinitionErrors {
  let count = errors.form.length;
  for (const field of errors.fields.values()) for (const messages of Object.values(field)) count += messages.length;
  return { form: errors.form, fields: errors.fields, count };
}

/** The contract's verdict on a form definition (formFieldsSchema, the server's own rules). */
export function formDefinitionErrors(fields: readonly FormField[]): FormDefinitionErrors {
  const result = formFieldsSchema.safeParse(fields);
  if (result.success) return NO_ERRORS;
  const errors: MutableErrors = { form: [], fields: new Map() };
  for (const issue of result.error.issues) add(errors, issue.path, issue.message);
  return finish(errors);
}

/**
 * The definition errors of `fields`, worked out again only when the fields change. A page
 * blocks saving while `count` is not 0 (spec 01 §5: "form must have no errors"):
 *
 *   const { count } = useFormDefinitionErrors(fields);
 *   <Button type="submit" disabled={count > 0}>…</Button>
 */
export function useFormDefinitionErrors(fields: readonly FormField[]): FormDefinitionErrors {
  return useMemo(() => formDefinitionErrors(fields), [fields]);
}

/** The 422 `details` of an API answer: messages by dotted path (`form_fields.2.label`). */
export type ServerErrorDetails = Readonly<Record<string, readonly string[]>>;

/**
 * The entries of a 422's `details` that are about the form: `form_fields` (the whole form),
 * `form_fields.2` (a field) and `form_fields.2.label` (a property of it). With an empty prefix
 * the keys are the paths themselves (`2.label`). Other keys (the event's name …) are left out.
 */
export function serverDefinitionErrors(details: ServerErrorDetails, prefix: string): FormDefinitionErrors {
  const errors: MutableErrors = { form: [], fields: new Map() };
  for (const [key, messages] of Object.entries(details)) {
    let path: string;
    if (prefix === '') path = key;
    else if (key === prefix) path = '';
    else if (key.startsWith(`${prefix}.`)) path = key.slice(prefix.length + 1);
    else continue;
    const segments = path === '' ? [] : path.split('.');
    const [first, ...rest] = segments;
    if (first !== undefined && !/^\d+$/.test(first)) {
      if (prefix === '') continue;
      // A key under the prefix that names no position is still about the form.
      for (const message of messages) add(errors, [], message);
      continue;
    }
    const at = first === undefined ? [] : [Number(first), ...rest];
    for (const message of messages) add(errors, at, message);
  }
  return finish(errors);
}

/** Definition errors and server errors together, as the builder shows them. */
export function mergeDefinitionErrors(a: FormDefinitionErrors, b: FormDefinitionErrors): FormDefinitionErrors {
  if (b.count === 0) return a;
  if (a.count === 0) return b;
  const errors: MutableErrors = { form: [], fields: new Map() };
  for (const source of [a, b]) {
    for (const message of source.form) add(errors, [], message);
    for (const [index, field] of source.fields) {
      for (const [path, messages] of Object.entries(field)) {
        const at = path === '' ? [index] : [index, ...path.split('.')];
        for (const message of messages) add(errors, at, message);
      }
    }
  }
  return finish(errors);
}

function detailsKey(details: ServerErrorDetails | undefined): string {
  if (details === undefined) return '';
  return JSON.stringify(Object.entries(details).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/**
 * The server's 422 messages, kept on the field they were about: they were given by position
 * for the fields as they were when the server answered, so each message follows its field when
 * fields move, and goes away once that field is edited (or removed). Messages about the form as
 * a whole stay until the form changes. New details (compared by content, so a page may build
 * the object on each render) are matched against the fields of that moment.
 */
export function useServerDefinitionErrors(
  details: ServerErrorDetails | undefined,
  prefix: string,
  fields: readonly FormField[],
): FormDefinitionErrors {
  const key = detailsKey(details);
  const [snapshot, setSnapshot] = useState({ key, details, fields });
  if (snapshot.key !== key) setSnapshot({ key, details, fields });
  // The render that found new details still reads the old snapshot: use the new one at once.
  const current = snapshot.key === key ? snapshot : { key, details, fields };
  return useMemo(() => {
    if (current.details === undefined) return NO_ERRORS;
    const given = serverDefinitionErrors(current.details, prefix);
    if (given.count === 0) return NO_ERRORS;
    const errors: MutableErrors = { form: [], fields: new Map() };
    if (current.fields === fields) for (const message of given.form) add(errors, [], message);
    for (const [index, messages] of given.fields) {
      const then = current.fields[index];
      const now = then === undefined ? -1 : fields.indexOf(then);
      if (now < 0) continue;
      for (const [path, list] of Object.entries(messages)) {
        const at = path === '' ? [now] : [now, ...path.split('.')];
        for (const message of list) add(errors, at, message);
      }
    }
    return finish(errors);
  }, [current.details, current.fields, fields, prefix]);
}
