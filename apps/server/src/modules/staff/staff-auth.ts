import type { AuditAction } from '@leadcapture/contracts/audit';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  type StaffLoginResult,
  type StaffMe,
  type StaffRole,
  type staffLoginSchema,
} from '@leadcapture/contracts/staff';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/auth.service.ts';
import { staffUsers } from './staff.table.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.ts';

/**
 * Staff sign-in is throttled harder than tenant sign-in (60 per 5 minutes per address there):
 * 10 attempts per address per 15 minutes, and 5 failures per account per hour, after which the
 * account refuses every attempt until the hour is over.
 */
export const STAFF_THROTTLES = {
  loginPerAddress: { name: 'staff-login-ip', limit: 10, windowSeconds: 15 * 60 },
  failuresPerAccount: { name: 'staff-login-fail', limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

export interface StaffIdentity {
  id: string;
  email: string;
  role: StaffRole;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(6).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/**
 * Creates a staff account unless that email has one (npm run staff:create, and STAFF_EMAIL /
 * STAFF_PASSWORD at start). Answers whether it was created.
 */
export async function ensureStaffUser(
  db: Database,
  input: { email: string; password: string; role: StaffRole },
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(staffUsers)
    .values({ email, passwordHash, role: input.role })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

async function audit(db: Database, meta: RequestMeta, action: AuditAction, staffUserId: string | null, metadata = {}) {
  await db.transaction((tx) =>
    recordAudit(tx, meta, {
      action,
      userId: null,
      staffUserId,
      targetType: 'staff_user',
      targetId: staffUserId ?? '',
      metadata,
    }),
  );
}

/**
 * Password, then the second factor, every time (decision 028). First sign-in: the answer is an
 * enrolment (a new secret, its QR code and the recovery codes, shown once); the next sign-in
 * with a valid code confirms it. A TOTP code is accepted once only: its step must be after the
 * last accepted one, checked and recorded in one UPDATE so two requests cannot both pass.
 */
export async function staffLogin(
  deps: AppDeps,
  meta: RequestMeta,
  input: z.output<typeof staffLoginSchema>,
): Promise<StaffLoginResult> {
  if (meta.ip) await deps.throttle.consume(STAFF_THROTTLES.loginPerAddress, meta.ip);
  await deps.throttle.check(STAFF_THROTTLES.failuresPerAccount, input.email);
  const [staff] = await deps.db.select().from(staffUsers).where(eq(staffUsers.email, input.email));
  const valid = await verifyPassword(staff?.passwordHash ?? (await decoyPasswordHash()), input.password);
  const fail = async (reason: string, message?: string): Promise<never> => {
    await deps.throttle.record(STAFF_THROTTLES.failuresPerAccount, input.email);
    await audit(deps.db, meta, 'staff.login_failed', staff?.id ?? null, { email: input.email, reason });
    // The console translates by details.reason; the password step's reasons stay unsaid
    // (no account enumeration), so they share the plain INVALID_CREDENTIALS.
    throw new AppError('INVALID_CREDENTIALS', message, message === undefined ? undefined : { reason });
  };
  if (!staff || !valid || !staff.isActive) {
    return fail(!staff ? 'unknown_email' : !valid ? 'bad_password' : 'inactive');
  }

  if (!staff.totpConfirmedAt) {
    if (input.code && staff.totpSecret) {
      const step = verifyTotp(deps.sealedBox.open(staff.totpSecret), input.code);
      if (step === null) return fail('bad_code', 'The code is not valid. Enter the current code from your app.');
      await deps.db
        .update(staffUsers)
        .set({ totpConfirmedAt: new Date(), totpLastStep: step })
        .where(eq(staffUsers.id, staff.id));
      await audit(deps.db, meta, 'staff.totp_enrolled', staff.id);
      return signIn(deps, meta, staff.id);
    }
    const secret = newTotpSecret();
    const recovery = newRecoveryCodes();
    await deps.db
      .update(staffUsers)
      .set({
        totpSecret: deps.sealedBox.seal(secret),
        recoveryCodeHashes: recovery.map((c) => hash(normaliseRecovery(c))),
      })
      .where(eq(staffUsers.id, staff.id));
    const uri = otpauthUri(secret, staff.email);
    return {
      step: 'enrol',
      otpauth_uri: uri,
      qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }),
      secret,
      recovery_codes: recovery,
    };
  }

  if (!input.code) return { step: 'totp' };
  if (/^\d{6}$/.test(input.code)) {
    const step = staff.totpSecret ? verifyTotp(deps.sealedBox.open(staff.totpSecret), input.code) : null;
    if (step === null) return fail('bad_code', 'The code is not valid. Enter the current code from your app.');
    const taken = await deps.db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(and(eq(staffUsers.id, staff.id), lt(staffUsers.totpLastStep, step)))
      .returning({ id: staffUsers.id });
    if (taken.length === 0) {
      return fail('code_replayed', 'This code was already used. Wait for the next code from your app.');
    }
    return signIn(deps, meta, staff.id);
  }
  const codeHash = hash(normaliseRecovery(input.code));
  const used = await deps.db
    .update(staffUsers)
    .set({ recoveryCodeHashes: sql`${staffUsers.recoveryCodeHashes} - ${codeHash}::text` })
    .where(
      and(eq(staffUsers.id, staff.id), sql`${staffUsers.recoveryCodeHashes} @> jsonb_build_array(${codeHash}::text)`),
    )
    .returning({ id: staffUsers.id });
  if (used.length === 0) return fail('bad_recovery_code', 'The code is not valid.');
  await audit(deps.db, meta, 'staff.recovery_code_used', staff.id);
  return signIn(deps, meta, staff.id);
}

async function signIn(deps: AppDeps, meta: RequestMeta, staffUserId: string): Promise<StaffLoginResult> {
  await deps.db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, staffUserId));
  await audit(deps.db, meta, 'staff.login', staffUserId);
  const { access, expiresAt } = await deps.staffTokens.signStaff(staffUserId);
  return { step: 'done', access, expires_at: expiresAt.toISOString() };
}

/** The staff member a staff token names, if still active; anything else answers 401. */
export async function authenticateStaff(deps: AppDeps, token: string): Promise<StaffIdentity> {
  const claims = await deps.staffTokens.verifyStaff(token);
  const [staff] = await deps.db
    .select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, claims.staffUserId), eq(staffUsers.isActive, true)));
  if (!staff) throw new AppError('TOKEN_INVALID', 'The staff session has ended. Please sign in again.');
  return staff;
}

export async function staffMe(deps: AppDeps, staff: StaffIdentity): Promise<StaffMe> {
  const [row] = await deps.db
    .select({ codes: staffUsers.recoveryCodeHashes })
    .from(staffUsers)
    .where(eq(staffUsers.id, staff.id));
  return { id: staff.id, email: staff.email, role: staff.role, recovery_codes_left: row?.codes.length ?? 0 };
}

/** Runs `fn` in a transaction allowed to read across organisations (the staff_read policies). */
export async function staffTransaction<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.staff_read', 'on', true)`);
    return fn(tx);
  });
}
