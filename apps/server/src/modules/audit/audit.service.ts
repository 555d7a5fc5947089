import type { AuditAction } from '@leadcapture/contracts/audit';
import type { Tx } from '../../db/database.ts';
import { auditLogs } from './audit.table.ts';

/** Where a request came from, recorded with every audited change. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string;
}

export interface AuditEntry {
  /** One of the listed codes (packages/contracts audit.ts): owners read it by its label. */
  action: AuditAction;
  userId: string | null;
  staffUserId?: string | null;
  impersonationId?: string | null;
  organizationId?: string | null;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
}

/** Appends to the audit log inside the caller's transaction: no change without its record. */
export async function recordAudit(tx: Tx, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    action: entry.action,
    userId: entry.userId,
    staffUserId: entry.staffUserId ?? null,
    impersonationId: entry.impersonationId ?? null,
    organizationId: entry.organizationId ?? null,
    targetType: entry.targetType ?? '',
    targetId: entry.targetId ?? '',
    metadata: entry.metadata ?? {},
    ipAddress: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
  });
}
