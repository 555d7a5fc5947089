import { randomUUID } from 'node:crypto';
import { staffLoginResultSchema, type StaffRole } from '@leadcapture/contracts/staff';
import { ensureStaffUser } from '../src/modules/staff/staff.service.ts';
import { totpCode } from '../src/modules/staff/totp.ts';
import { expectData } from './envelope.ts';
import { uniqueAddress, type TestApp } from './helpers.ts';

export const STAFF_PASSWORD = 'Staff-Console-2026';

/** A new staff account, enrolled and signed in with TOTP: its token and its TOTP secret. */
export async function signInStaff(t: TestApp, role: StaffRole = 'admin') {
  const email = `staff-${randomUUID().slice(0, 8)}@provider.test`;
  await ensureStaffUser(t.database.db, { email, password: STAFF_PASSWORD, role });
  const remoteAddress = uniqueAddress();
  const login = (code?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login/',
      remoteAddress,
      payload: { email, password: STAFF_PASSWORD, ...(code ? { code } : {}) },
    });
  const enrol = expectData(staffLoginResultSchema, await login());
  if (enrol.step !== 'enrol') throw new Error(`expected an enrolment, got ${enrol.step}`);
  const done = expectData(staffLoginResultSchema, await login(totpCode(enrol.secret)));
  if (done.step !== 'done') throw new Error(`expected a sign-in, got ${done.step}`);
  return { email, access: done.access, secret: enrol.secret, recoveryCodes: enrol.recovery_codes, login };
}
