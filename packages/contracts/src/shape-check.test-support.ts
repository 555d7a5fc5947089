import { expect, it } from 'vitest';
import type { ZodType } from 'zod';

/**
 * One test per case that a hand-written check (shape-check.ts) and its contract's zod schema
 * agree: both accept the input and answer the same (unknown keys dropped), or both refuse it,
 * the check naming its subject.
 */
export function itAgreesWithSchema<T>(
  schema: ZodType<T>,
  parse: (input: unknown) => T,
  subject: string,
  cases: [string, unknown][],
): void {
  it.each(cases)('agrees with the contract schema on %s', (_name, input) => {
    const contract = schema.safeParse(input);
    if (contract.success) expect(parse(input)).toEqual(contract.data);
    else expect(() => parse(input)).toThrow(`Unexpected ${subject} shape at`);
  });
}
