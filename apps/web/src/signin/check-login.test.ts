import { loginSchema } from '@leadcapture/contracts/auth';
import { describe, expect, it } from 'vitest';
import { checkLogin, loginBody, PROBLEM_VALUES, type LoginValues } from './check-login.ts';
import { createTranslator } from './strings.ts';

const cases: LoginValues[] = [
  { email: '', password: '' },
  { email: '   ', password: 'secret1' },
  { email: 'ada@example.com', password: '' },
  { email: 'ada@example.com', password: '12345' },
  { email: 'ada@example.com', password: '123456' },
  { email: '  Ada@Example.COM ', password: 'Booth2026' },
  { email: 'ada@', password: 'Booth2026' },
  { email: 'ada@example', password: 'Booth2026' },
  { email: 'a.@example.com', password: 'Booth2026' },
  { email: `${'a'.repeat(250)}@example.com`, password: 'Booth2026' },
  { email: 'ada@example.com', password: 'x'.repeat(128) },
  { email: 'ada@example.com', password: 'x'.repeat(129) },
  { email: 'o’brien@example.com', password: 'Booth2026' },
];

describe('checkLogin', () => {
  it.each(cases)('agrees with the contract loginSchema on %j', (values) => {
    const problems = checkLogin(values);
    const parsed = loginSchema.safeParse(values);
    const failed = new Set(parsed.error?.issues.map((issue) => String(issue.path[0])) ?? []);
    expect(new Set(Object.keys(problems))).toEqual(failed);
    if (parsed.success) expect(loginBody(values)).toEqual(parsed.data);
  });

  it('words each problem as the contract does, in English', () => {
    const t = createTranslator('en');
    const message = (values: LoginValues, field: keyof LoginValues) => {
      const problem = checkLogin(values)[field];
      return problem === undefined ? undefined : t(problem, PROBLEM_VALUES[problem]);
    };
    const contract = (values: LoginValues, field: keyof LoginValues) =>
      loginSchema.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;
    for (const values of cases) {
      for (const field of ['email', 'password'] as const) {
        expect(message(values, field)).toBe(contract(values, field));
      }
    }
  });
});
