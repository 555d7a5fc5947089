import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { integrationSchema, type Integration, type IntegrationKind } from '@leadcapture/contracts/integrations';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { z } from 'zod';
import { inScope } from '../src/db/tenant.ts';
import { outbox } from '../src/jobs/outbox.table.ts';
import { integrationRecords } from '../src/modules/integrations/integrations.table.ts';
import { expectData } from './envelope.ts';
import { bearer, type registerUser, uniqueAddress, type TestApp } from './helpers.ts';

/** Calls and fixtures the integration tests share. */

export type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function api(t: TestApp, user: User) {
  const org = user.organization?.id ?? '';
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      remoteAddress: uniqueAddress(),
      headers: { ...bearer(user.access), 'x-organization-id': org },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    org,
    call,
    connect: (kind: IntegrationKind, config: Record<string, unknown>) =>
      call('POST', `integrations/${kind}/connect/`, { config }),
    list: async () => expectData(z.array(integrationSchema), await call('GET', 'integrations/')),
    one: async (kind: IntegrationKind): Promise<Integration> => {
      const all = expectData(z.array(integrationSchema), await call('GET', 'integrations/'));
      const found = all.find((i) => i.kind === kind);
      if (!found) throw new Error(`no ${kind} in the list`);
      return found;
    },
    createLead: async (fields: Record<string, unknown> = {}): Promise<Lead> =>
      expectData(
        leadSchema,
        await call('POST', 'leads/', {
          first_name: 'Greta',
          last_name: 'Berg',
          email: `greta.${randomUUID().slice(0, 8)}@example.com`,
          company: 'Fjord AB',
          ...fields,
        }),
        201,
      ),
  };
}

/** Delivers what is due in the outbox (every process's pending rows: the handlers are the same). */
export async function deliver(t: TestApp): Promise<void> {
  await t.app.deps.outbox.drain();
}

/** The organisation's integration rows of the outbox still waiting, with their attempts. */
export function pendingPushes(t: TestApp, organizationId: string) {
  return inScope(t.database.db, {}, (tx) =>
    tx
      .select({
        id: outbox.id,
        kind: outbox.kind,
        attempts: outbox.attempts,
        availableAt: outbox.availableAt,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(
        and(
          eq(outbox.organizationId, organizationId),
          sql`${outbox.kind} like 'integration.%'`,
          sql`${outbox.deliveredAt} is null and ${outbox.failedAt} is null`,
        ),
      ),
  );
}

/** Makes the organisation's waiting integration rows due now (instead of waiting out their time). */
export async function dueNow(t: TestApp, organizationId: string): Promise<void> {
  await inScope(t.database.db, {}, (tx) =>
    tx
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(
        and(
          eq(outbox.organizationId, organizationId),
          sql`${outbox.kind} like 'integration.%'`,
          sql`${outbox.deliveredAt} is null`,
        ),
      ),
  );
}

export function records(t: TestApp, organizationId: string, integrationId: string) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.select().from(integrationRecords).where(eq(integrationRecords.integrationId, integrationId)),
  );
}
