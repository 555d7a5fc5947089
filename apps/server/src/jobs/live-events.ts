import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { OutboxHandler } from './outbox.ts';

/**
 * A message for the live channels (03-decisions §2: `{"type":"lead.created","data":{lead}}`),
 * addressed to one organisation (and to one member when `userId` is set). The live channels
 * subscribe here and forward to that organisation's sockets; nothing here knows about sockets.
 */
export interface LiveEvent {
  type: string;
  organizationId: string;
  /** Set for a message meant for one member alone (`notification.created`): only their sockets get it. */
  userId?: string;
  data: unknown;
}

export type LiveListener = (event: LiveEvent) => void;

export interface LiveEventBus {
  /** Reaches every subscriber of every process (through Redis when configured). */
  publish(event: LiveEvent): Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'leadcapture:live';
const EVENT = 'live';

/**
 * In-process by default. With Redis, a publish goes only to Redis and every process (this one
 * included) emits what its subscriber connection receives, so each listener sees a message once
 * whichever process published it.
 */
export function createLiveEventBus(opts: { redis?: Redis; log?: FastifyBaseLogger } = {}): LiveEventBus {
  const emitter = new EventEmitter();
  // Sockets subscribe one listener each; the default warning at 10 is not a leak here.
  emitter.setMaxListeners(0);
  const emit = (event: LiveEvent) => {
    for (const listener of emitter.listeners(EVENT) as LiveListener[]) {
      try {
        listener(event);
      } catch (err) {
        opts.log?.warn({ err, type: event.type }, 'live event listener failed');
      }
    }
  };

  const publisher = opts.redis;
  const subscriber = publisher?.duplicate();
  // Redis down at start must not end the process (an unhandled rejection would): the failure is
  // logged, and publishing still goes to Redis once it is back (ioredis reconnects by itself).
  const ready = subscriber
    ?.subscribe(CHANNEL)
    .catch((err: unknown) => opts.log?.warn({ err }, 'live events: subscribe failed'));
  subscriber?.on('error', (err: Error) => opts.log?.warn({ reason: err.message }, 'live events: redis error'));
  subscriber?.on('message', (_channel: string, message: string) => {
    try {
      emit(JSON.parse(message) as LiveEvent);
    } catch (err) {
      opts.log?.warn({ err }, 'malformed live event');
    }
  });

  return {
    async publish(event) {
      if (!publisher) {
        emit(event);
        return;
      }
      await ready;
      await publisher.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      emitter.on(EVENT, listener);
      return () => emitter.off(EVENT, listener);
    },
    async close() {
      emitter.removeAllListeners();
      await subscriber?.quit();
    },
  };
}

/**
 * Outbox handler that forwards an outbox row to the live channels as `{type: kind, data}`.
 * The payload carries `data`, and `user_id` when the message is for one member; the
 * organisation is the row's. A failed publish (Redis down) throws, so the outbox retries it.
 */
export function liveEventHandler(bus: LiveEventBus): OutboxHandler {
  return async (item) => {
    if (!item.organizationId) return;
    const userId = item.payload.user_id;
    await bus.publish({
      type: item.kind,
      organizationId: item.organizationId,
      ...(typeof userId === 'string' ? { userId } : {}),
      data: item.payload.data ?? null,
    });
  };
}
