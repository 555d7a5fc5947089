import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './addresses.ts';
import { createOutbound, OutboundError, type Resolver } from './outbound.ts';

let server: http.Server;
let port = 0;
const received: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://127.0.0.1/elsewhere' }).end();
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 2_000);
    } else if (req.url === '/big') {
      res.end('x'.repeat(5000));
    } else {
      res.end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('which addresses outgoing requests may reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '224.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkUrl (at save)', () => {
  const resolver: Resolver = async (host) =>
    host === 'public.test'
      ? [{ address: '93.184.216.34', family: 4 }]
      : host === 'mixed.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  const outbound = createOutbound({ allowPrivate: false, resolver });
  afterAll(() => outbound.close());

  it('accepts a public host', async () => {
    expect(await outbound.checkUrl('https://public.test/hook')).toBeNull();
  });
  it.each([
    ['ftp://public.test/x', 'http'],
    ['not a url', 'valid URL'],
    ['http://127.0.0.1/x', 'private'],
    ['http://[::1]/x', 'private'],
    ['http://[::ffff:10.0.0.1]/x', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'private'],
    ['https://mixed.test/x', 'private'],
    ['https://nowhere.test/x', 'could not be found'],
    ['https://user:pass@public.test/x', 'credentials'],
  ])('refuses %s', async (url, words) => {
    expect(await outbound.checkUrl(url)).toContain(words);
  });
});

describe('send (at connect)', () => {
  it('refuses a name that resolved publicly at save and privately at connect (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: Resolver = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const outbound = createOutbound({ allowPrivate: false, resolver: rebinding });
    try {
      expect(await outbound.checkUrl(`http://rebind.test:${port}/hook`)).toBeNull();
      const before = received.length;
      const err = await outbound.send(`http://rebind.test:${port}/hook`, { body: '{}' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundError);
      expect((err as OutboundError).reason).toBe('blocked');
      expect(received.length).toBe(before);
    } finally {
      await outbound.close();
    }
  });

  it('refuses a private address literal without dialling it', async () => {
    const outbound = createOutbound({ allowPrivate: false });
    try {
      const before = received.length;
      const err = await outbound.send(`http://127.0.0.1:${port}/hook`).catch((e: unknown) => e);
      expect((err as OutboundError).reason).toBe('blocked');
      expect(received.length).toBe(before);
    } finally {
      await outbound.close();
    }
  });

  describe('with private addresses allowed (development and tests)', () => {
    const outbound = createOutbound({ allowPrivate: true });
    afterAll(() => outbound.close());

    it('sends and reads the answer', async () => {
      const answer = await outbound.send(`http://127.0.0.1:${port}/hook`, { body: '{}' });
      expect(answer).toMatchObject({ status: 200, body: 'ok', truncated: false });
    });
    it('does not follow a redirect', async () => {
      const answer = await outbound.send(`http://127.0.0.1:${port}/redirect`);
      expect(answer.status).toBe(302);
      expect(received.filter((r) => r.includes('elsewhere'))).toHaveLength(0);
    });
    it('gives up at the time limit', async () => {
      const err = await outbound.send(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 }).catch((e: unknown) => e);
      expect((err as OutboundError).reason).toBe('timeout');
    });
    it('reads no more than asked', async () => {
      const answer = await outbound.send(`http://127.0.0.1:${port}/big`, { maxBodyBytes: 100 });
      expect(answer.body).toHaveLength(100);
      expect(answer.truncated).toBe(true);
    });
  });
});

describe('the test suite', () => {
  it('refuses a real outbound connection', async () => {
    const outbound = createOutbound({ allowPrivate: true });
    try {
      const err = await outbound.send('http://93.184.216.34/', { timeoutMs: 2_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundError);
      expect((err as OutboundError).message).toContain('refuses outbound connections');
    } finally {
      await outbound.close();
    }
  });
});
