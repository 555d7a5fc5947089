/**
 * The lengths a sign-in is checked against, without zod: the sign-in page is a light build of its
 * own that must not carry zod (docs/decisions/022-sign-in-page.md). passwords.ts and fields.ts
 * build the contract's schemas from the same numbers.
 */

/** Spec 01 §5: 6+ at login (8+ with upper, lower and digit at register and change). */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321's limit on a forward path, the longest address that can receive mail. */
export const EMAIL_MAX_LENGTH = 254;
