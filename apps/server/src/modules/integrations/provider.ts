import type { IntegrationKind } from '@leadcapture/contracts/integrations';
import type { Lead } from '@leadcapture/contracts/leads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Outbound } from '../../outbound/outbound.ts';

/**
 * What every integration provider implements: the integrations service (connect, configure,
 * sync, disconnect, statuses) calls providers only through this, so each provider is one file
 * of calls to its public API and nothing else.
 */
export interface ProviderContext {
  /** Every request leaves through the address guard (outbound.ts), 10 s at most. */
  send: Outbound['send'];
  /** Where each provider's API is (a local double in tests). */
  apis: Config['providers'];
  /** The product's own origin (links to a lead in messages). */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * A provider's refusal, by what the service does with it: `credentials` stops the integration
 * (status `error`, the owners told); `rate_limited` waits `retryAfterSeconds` and tries again;
 * `unavailable` (5xx, time-out, a garbled answer) retries with backoff; `invalid` is a request
 * the provider will never accept (the lead is skipped and the reason kept).
 */
export type ProviderFailure = 'credentials' | 'rate_limited' | 'unavailable' | 'invalid';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The config field the refusal is about (connect answers 422 on it), when the provider says. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Why a lead is pushed: new, changed, or its score crossed into hot (chat providers tell that). */
export type LeadTrigger = 'created' | 'updated' | 'hot' | 'sync';

export interface LeadToPush {
  lead: Lead;
  trigger: LeadTrigger;
  /** The provider's id of this lead from an earlier push, when there was one. */
  remoteId: string | null;
  /**
   * The event or offer the lead came from, by name, when the caller read it: chat messages show
   * it (a lead carries only the id). Optional, so a caller that has no name leaves it out and
   * the message shows the lead's source instead.
   */
  origin?: { kind: 'event' | 'offer'; name: string } | null;
}

/** Nothing, or settings learnt on the way. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- providers written as Promise<void> stay valid
export type VerifyResult<Settings> = void | { settings?: Settings };

export interface PushResult<Secrets> {
  /** By lead id: the provider's id of its record (null: the provider keeps none, or did not say). */
  remoteIds: Map<string, string | null>;
  /** By lead id: why the provider refused that lead (`invalid` for one lead of a batch). */
  errors?: Map<string, string>;
  secrets?: Secrets;
}

export interface IntegrationProvider<Settings, Secrets> {
  kind: IntegrationKind;
  /**
   * Checks the settings and secrets work (one cheap authenticated call); throws ProviderError.
   * May answer settings learnt on the way (Mailchimp's audience merge fields), stored with them.
   */
  verify(ctx: ProviderContext, settings: Settings, secrets: Secrets): Promise<VerifyResult<Settings>>;
  /** Which pushes this provider takes: a CRM every change, a chat tool new and hot leads only. */
  accepts(trigger: LeadTrigger): boolean;
  /**
   * Upserts the leads (at most `batchSize` at a time) and answers each one's remote id, by
   * lead id; pushing the same lead twice leaves one remote record. Secrets that changed on the
   * way (a refreshed OAuth token) are answered to be stored.
   */
  push(ctx: ProviderContext, settings: Settings, secrets: Secrets, leads: LeadToPush[]): Promise<PushResult<Secrets>>;
  batchSize: number;
  /**
   * Gives the provider's grant back on disconnect (an OAuth refresh token), for providers that
   * have one; a grant the provider no longer knows counts as revoked. Throws ProviderError.
   */
  revoke?(ctx: ProviderContext, settings: Settings, secrets: Secrets): Promise<void>;
}
