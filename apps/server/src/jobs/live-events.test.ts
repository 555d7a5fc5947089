import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createLiveEventBus, liveEventHandler, type LiveEvent } from './live-events.ts';

const redisUrl = process.env.TEST_REDIS_URL;

function collect(bus: ReturnType<typeof createLiveEventBus>) {
  const seen: LiveEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  return seen;
}

async function until(check: () => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('live event bus', () => {
  it('delivers in process to every subscriber until it unsubscribes', async () => {
    const bus = createLiveEventBus();
    const first = collect(bus);
    const second: LiveEvent[] = [];
    const stop = bus.subscribe((e) => second.push(e));
    const event = { type: 'lead.created', organizationId: randomUUID(), data: { id: 'a' } };
    await bus.publish(event);
    stop();
    await bus.publish({ ...event, data: { id: 'b' } });
    expect(first).toEqual([event, { ...event, data: { id: 'b' } }]);
    expect(second).toEqual([event]);
    await bus.close();
  });

  it('keeps delivering when one listener throws', async () => {
    const bus = createLiveEventBus();
    bus.subscribe(() => {
      throw new Error('socket gone');
    });
    const seen = collect(bus);
    await bus.publish({ type: 'lead.updated', organizationId: randomUUID(), data: null });
    expect(seen).toHaveLength(1);
    await bus.close();
  });

  it('turns an outbox row into a live event of its organisation', async () => {
    const bus = createLiveEventBus();
    const seen = collect(bus);
    const organizationId = randomUUID();
    const handler = liveEventHandler(bus);
    await handler({
      id: randomUUID(),
      kind: 'lead.created',
      organizationId,
      payload: { data: { id: 'l1' } },
      attempts: 1,
    });
    // A row without an organisation has no audience.
    await handler({ id: randomUUID(), kind: 'lead.created', organizationId: null, payload: {}, attempts: 1 });
    expect(seen).toEqual([{ type: 'lead.created', organizationId, data: { id: 'l1' } }]);
    await bus.close();
  });

  it.runIf(redisUrl)('reaches every process once through Redis', async () => {
    const a = new Redis(redisUrl ?? '');
    const b = new Redis(redisUrl ?? '');
    const busA = createLiveEventBus({ redis: a });
    const busB = createLiveEventBus({ redis: b });
    try {
      const seenA = collect(busA);
      const seenB = collect(busB);
      // A publish waits for the bus's own subscription: B listens once this resolves.
      await busB.publish({ type: 'warm-up', organizationId: randomUUID(), data: null });
      const event = { type: 'lead.created', organizationId: randomUUID(), data: { id: randomUUID() } };
      await busA.publish(event);
      // Only this test's message counts: other test processes may share the channel.
      const mine = (seen: LiveEvent[]) => seen.filter((e) => e.organizationId === event.organizationId);
      await until(() => mine(seenA).length > 0 && mine(seenB).length > 0);
      await new Promise((r) => setTimeout(r, 50));
      expect(mine(seenA)).toEqual([event]);
      expect(mine(seenB)).toEqual([event]);
    } finally {
      await busA.close();
      await busB.close();
      a.disconnect();
      b.disconnect();
    }
  });
});
