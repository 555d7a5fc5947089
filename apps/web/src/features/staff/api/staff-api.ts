import { paginated } from '@leadcapture/contracts/envelope';
import {
  accessGrantSchema,
  adminStatsSchema,
  auditLogEntrySchema,
  impersonationStatusSchema,
  runtimeSettingsSchema,
  staffLoginResultSchema,
  staffMeSchema,
  staffOrganizationDetailSchema,
  staffOrganizationSchema,
  staffUserSchema,
  systemHealthSchema,
  type AccountAction,
  type ImpersonationMode,
  type RuntimeSettings,
} from '@leadcapture/contracts/staff';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/**
 * The staff console's calls (docs/staff.md). The staff token (30 minutes, no refresh) is kept in
 * this tab's sessionStorage and sent by hand: the API client's own session is the tenant's.
 */
const KEY = 'leadcapture:staff';

export function staffToken(): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as { access?: string; expires_at?: string };
    if (!value.access || !value.expires_at || new Date(value.expires_at).getTime() <= Date.now()) return null;
    return value.access;
  } catch {
    return null;
  }
}

export function saveStaffToken(grant: { access: string; expires_at: string }): void {
  sessionStorage.setItem(KEY, JSON.stringify(grant));
}

export function clearStaffToken(): void {
  sessionStorage.removeItem(KEY);
}

function auth(token = staffToken()): { skipAuth: true; quiet: true; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  return { skipAuth: true, quiet: true, headers };
}

export const staffKeys = {
  me: ['staff', 'me'] as const,
  users: (search: string) => ['staff', 'users', search] as const,
  organizations: (search: string) => ['staff', 'organizations', search] as const,
  organization: (id: string) => ['staff', 'organization', id] as const,
  audit: (action: string, page: number) => ['staff', 'audit', action, page] as const,
  settings: ['staff', 'settings'] as const,
  stats: ['staff', 'stats'] as const,
  health: ['staff', 'health'] as const,
};

export const staffApi = {
  login: (body: { email: string; password: string; code?: string }) =>
    api.post('/staff/auth/login/', body, { skipAuth: true, quiet: true, schema: staffLoginResultSchema }),
  me: () => api.get('/staff/auth/me/', { ...auth(), schema: staffMeSchema }),
  users: (search: string) =>
    api.get('/staff/users/', { ...auth(), params: { search, page_size: 50 }, schema: paginated(staffUserSchema) }),
  organizations: (search: string) =>
    api.get('/staff/organizations/', {
      ...auth(),
      params: { search, page_size: 50 },
      schema: paginated(staffOrganizationSchema),
    }),
  organization: (id: string) =>
    api.get(`/staff/organizations/${id}/`, { ...auth(), schema: staffOrganizationDetailSchema }),
  audit: (action: string, page: number) =>
    api.get('/staff/audit-logs/', {
      ...auth(),
      params: { ...(action ? { action } : {}), page, page_size: 50 },
      schema: paginated(auditLogEntrySchema),
    }),
  accountAction: (userId: string, action: AccountAction, reason: string) =>
    api.post(
      `/staff/users/${userId}/actions/`,
      { action, reason },
      { ...auth(), schema: z.object({ detail: z.string() }) },
    ),
  impersonate: (userId: string, reason: string, mode: ImpersonationMode) =>
    api.post('/staff/impersonate/', { user_id: userId, reason, mode }, { ...auth(), schema: accessGrantSchema }),
  impersonationStatus: (token: string) =>
    api.get('/staff/impersonate/status/', { ...auth(token), schema: impersonationStatusSchema }),
  exitImpersonation: (token: string) =>
    api.post('/staff/impersonate/exit/', {}, { ...auth(token), schema: z.object({ ended: z.boolean() }) }),
  settings: () => api.get('/admin/settings/', { ...auth(), schema: runtimeSettingsSchema }),
  saveSettings: (changes: Partial<RuntimeSettings>) =>
    api.patch('/admin/settings/', changes, { ...auth(), schema: runtimeSettingsSchema }),
  stats: () => api.get('/admin/stats/', { ...auth(), schema: adminStatsSchema }),
  health: () => api.get('/staff/health/', { ...auth(), schema: systemHealthSchema }),
};
