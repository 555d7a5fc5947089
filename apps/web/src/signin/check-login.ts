import { EMAIL_PATTERN } from '@leadcapture/contracts/form-fields';
import { EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from '@leadcapture/contracts/sign-in-rules';

/**
 * The contract's loginSchema (contracts/auth.ts) without zod, for the sign-in page's light build:
 * the same limits and email pattern, problems as codes the page translates.
 * check-login.test.ts runs both over the same inputs so the two cannot drift apart.
 */

export type LoginValues = { email: string; password: string };
export type LoginProblem = 'required' | 'email_invalid' | 'too_long' | 'password_too_short' | 'password_too_long';
export type LoginProblems = Partial<Record<keyof LoginValues, LoginProblem>>;

export function checkLogin({ email, password }: LoginValues): LoginProblems {
  const problems: LoginProblems = {};
  const address = email.trim();
  if (address === '') problems.email = 'required';
  else if (address.length > EMAIL_MAX_LENGTH) problems.email = 'too_long';
  else if (!EMAIL_PATTERN.test(address)) problems.email = 'email_invalid';

  if (password === '') problems.password = 'required';
  else if (password.length < LOGIN_PASSWORD_MIN_LENGTH) problems.password = 'password_too_short';
  else if (password.length > PASSWORD_MAX_LENGTH) problems.password = 'password_too_long';
  return problems;
}

/** The values as the contract sends them: the address trimmed and lower-cased. */
export function loginBody({ email, password }: LoginValues): LoginValues {
  return { email: email.trim().toLowerCase(), password };
}

/** The numbers the messages of the problems quote. */
export const PROBLEM_VALUES: Partial<Record<LoginProblem, Record<string, number>>> = {
  too_long: { count: EMAIL_MAX_LENGTH },
  password_too_short: { count: LOGIN_PASSWORD_MIN_LENGTH },
};
