import type { Role } from '@leadcapture/contracts/constants';
import { AppError } from './errors.ts';

/**
 * Who may do what, by role (spec 01 §6). One table, one check, used by every service; later
 * modules add their permissions here so the whole policy reads in one place.
 */
const PERMISSIONS = {
  'organization.read': ['owner', 'admin', 'member', 'viewer'],
  'organization.update': ['owner', 'admin'],
  'organization.delete': ['owner'],
  // The team (/auth/team/members/): everyone sees it; owners and admins invite, edit, remove
  // and resend. Owners only may make, change or remove an owner (team.service).
  'members.read': ['owner', 'admin', 'member', 'viewer'],
  'members.manage': ['owner', 'admin'],
  'members.manage_owners': ['owner'],
  // API keys (docs/api-keys.md): owners and admins make and revoke them; a key acts as its
  // creator, never above their current role, and can never manage keys (http/api-key-access.ts).
  'api_keys.manage': ['owner', 'admin'],
  'billing.read': ['owner', 'admin'],
  'billing.manage': ['owner'],
  'records.read': ['owner', 'admin', 'member', 'viewer'],
  'records.write': ['owner', 'admin', 'member'],
  'records.delete': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  'files.read': ['owner', 'admin', 'member', 'viewer'],
  'files.upload': ['owner', 'admin', 'member'],
  // Anyone's file; an uploader who may still upload may also delete their own (files.service).
  'files.delete': ['owner', 'admin'],
  // Events and their templates: viewers look, everyone else runs events (spec 01 §6 names no
  // stricter rule; deleting keeps the event's leads, so members may).
  'events.read': ['owner', 'admin', 'member', 'viewer'],
  'events.create': ['owner', 'admin', 'member'],
  'events.update': ['owner', 'admin', 'member'],
  'events.delete': ['owner', 'admin', 'member'],
  // Offers, as events: viewers look; members build, publish, archive and delete them (spec 01
  // §6 names no stricter rule; deleting keeps the offer's leads).
  'offers.read': ['owner', 'admin', 'member', 'viewer'],
  'offers.create': ['owner', 'admin', 'member'],
  'offers.update': ['owner', 'admin', 'member'],
  'offers.delete': ['owner', 'admin', 'member'],
  // Leads: members work on them (spec 01 §6); a deleted lead waits 30 days in the bin, so
  // deleting is part of the work too. The scoring rules are the organisation's policy.
  'leads.read': ['owner', 'admin', 'member', 'viewer'],
  'leads.write': ['owner', 'admin', 'member'],
  'leads.delete': ['owner', 'admin', 'member'],
  'leads.scoring': ['owner', 'admin'],
  // Clients: the same people who work on leads convert and look after them; deleting is as
  // for leads (a client's lead stays, converted, decision 014).
  'clients.read': ['owner', 'admin', 'member', 'viewer'],
  'clients.write': ['owner', 'admin', 'member'],
  'clients.delete': ['owner', 'admin', 'member'],
  // Integrations (docs/integrations.md): everyone sees which tools are connected and whether
  // they sync (secrets are always masked); owners and admins connect, configure, sync and
  // disconnect them.
  'integrations.read': ['owner', 'admin', 'member', 'viewer'],
  'integrations.manage': ['owner', 'admin'],
  // Zapier (docs/zapier.md): a Zap reads what its connection's user may read; subscribing one
  // sends leads out, which those who work on leads may do (they may export them too).
  'zapier.read': ['owner', 'admin', 'member', 'viewer'],
  'zapier.manage': ['owner', 'admin', 'member'],
  // Webhooks: owners and admins read and manage them. Members do not read them: a webhook's URL
  // often carries its receiver's credential (a token in the path), and its log the deliveries.
  'webhooks.read': ['owner', 'admin'],
  'webhooks.manage': ['owner', 'admin'],
  // Notifications (docs/notifications.md): everyone tunes their own; owners and admins adjust the
  // organisation's mail templates and hot-lead score, read the delivery logs and write to the team.
  'notifications.manage': ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Throws PERMISSION_DENIED (403); `message` where the spec words the refusal (team: spec 01 §6). */
export function assertCan(ctx: { role: Role }, permission: Permission, message?: string): void {
  if (!can(ctx.role, permission)) {
    throw new AppError('PERMISSION_DENIED', message ?? 'You do not have permission to perform this action.');
  }
}
