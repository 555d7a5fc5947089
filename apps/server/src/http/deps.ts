import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle, DatabaseKind } from '../db/database.ts';
import type { LiveEventBus } from '../jobs/live-events.ts';
import type { OutboxWorker } from '../jobs/outbox.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { ApiKeyActivity } from '../modules/api-keys/api-keys.service.ts';
import type { MeCache } from '../modules/auth/me-cache.ts';
import type { BillingProvider } from '../modules/billing/provider.ts';
import type { CaptureTargets } from '../modules/capture/capture-targets.ts';
import type { CaptureWrites } from '../modules/capture/capture-writes.ts';
import type { TokenSigner } from '../modules/auth/tokens.ts';
import type { PushKeys } from '../modules/push/push.service.ts';
import type { StaffTokens } from '../modules/staff/staff-tokens.ts';
import type { Outbound } from '../outbound/outbound.ts';
import type { SealedBox } from '../secrets/sealed-box.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { FairShare } from './fair-share.ts';
import type { Throttle } from './throttle.ts';

/** The process-wide services a request may use; built once in app.ts. */
export interface AppDeps {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  /** Whether the database answers (/status/), and cancelling the statement of a request gone. */
  dbControl: Pick<DatabaseHandle, 'ping' | 'cancel'>;
  tokens: TokenSigner;
  /** Staff and impersonation tokens (modules/staff, decision 028). */
  staffTokens: StaffTokens;
  throttle: Throttle;
  /** Each organisation's share of heavy work (exports, imports, searches) in this process. */
  fairShare: FairShare;
  outbox: OutboxWorker;
  /** Webhook deliveries: the outbox's `webhook.deliver` rows, on their own retry schedule. */
  webhookDeliveries: OutboxWorker;
  /** Periodic jobs (bin purge, follow-up reminders); tests run a task with scheduler.run(name). */
  scheduler: Scheduler;
  /** Live events (lead.created, …), fed by the outbox; the live channels will subscribe to it. */
  live: LiveEventBus;
  meCache: MeCache;
  /** Requests per API key and day, counted in memory and written every minute. */
  apiKeyActivity: ApiKeyActivity;
  /** Public events captures recently went to (verified by each write). */
  captureTargets: CaptureTargets;
  /** Where captures are written, together when they arrive together (decision 023). */
  captureWrites: CaptureWrites;
  storage: FileStorage;
  /** Where billing is done (BILLING_PROVIDER): the product itself (local) or Stripe. */
  billing: BillingProvider;
  /** Requests to customers' addresses (webhooks, integrations), behind the address guard. */
  outbound: Outbound;
  /** Credentials at rest (integration tokens), sealed under ENCRYPTION_KEY. */
  sealedBox: SealedBox;
  /** The VAPID pair push messages are signed with (configured, else kept in the database). */
  pushKeys: PushKeys;
  log: FastifyBaseLogger;
}
