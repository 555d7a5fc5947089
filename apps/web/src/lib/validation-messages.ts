import en from '../locales/en/errors.json';

/**
 * The contract's zod schemas (shared with the server) speak English. Forms translate their
 * messages by recognising each English text from the `validation` catalogue of
 * locales/en/errors.json, so the schemas stay the single source of the rules and a Swedish page
 * never shows an English error. Unknown texts pass through unchanged.
 *
 * The catalogue, not the contract constants, is matched here: importing those would pull zod
 * into every page with a form field. validation-messages.test.ts checks that every message the
 * contract defines is recognised, so the two cannot drift apart.
 */
export type ValidationMessageKey = keyof typeof en.validation;
export type ValidationMessage = { key: ValidationMessageKey; values?: Record<string, number> };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const matchers = (Object.entries(en.validation) as [ValidationMessageKey, string][]).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      names.push(name);
      return '(\\d+)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

export function recogniseValidationMessage(message: string): ValidationMessage | null {
  for (const { key, names, pattern } of matchers) {
    const match = pattern.exec(message);
    if (match === null) continue;
    if (names.length === 0) return { key };
    return { key, values: Object.fromEntries(names.map((name, i) => [name, Number(match[i + 1])])) };
  }
  return null;
}
