import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 (RFC 8030): it takes the encrypted POST of a push message and
 * answers 201, or what a test tells it to (404/410 for a subscription the browser ended, 429,
 * 500). `browser()` makes a subscription the way a browser does: its own P-256 key pair and
 * auth secret, so the double can decrypt what it received (RFC 8291, aes128gcm).
 */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Browser {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The message in a request's body, decrypted with this browser's keys. */
  decrypt: (body: Buffer) => string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, as a user agent decrypts it. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export class PushServiceDouble {
  readonly requests: PushRequest[] = [];
  /** Status codes for the next requests, in order (201 once they run out). */
  readonly answers: number[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
        const status = this.answers.shift() ?? 201;
        res.writeHead(status, status === 429 ? { 'retry-after': '30' } : {}).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The requests to one subscription's endpoint. */
  to(endpoint: string): PushRequest[] {
    return this.requests.filter((r) => `${this.url}${r.path}` === endpoint);
  }

  /** Waits until `count` requests reached the endpoint (another process may deliver them). */
  async waitFor(endpoint: string, count = 1, timeoutMs = 5000): Promise<PushRequest[]> {
    const until = Date.now() + timeoutMs;
    while (this.to(endpoint).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return this.to(endpoint);
  }

  browser(): Browser {
    const ecdh = createECDH('prime256v1');
    const uaPublic = ecdh.generateKeys();
    const uaPrivate = ecdh.getPrivateKey();
    const auth = randomBytes(16);
    return {
      subscription: {
        endpoint: `${this.url}/push/${randomBytes(12).toString('base64url')}`,
        expirationTime: null,
        keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
      },
      decrypt: (body) => decryptAes128gcm(body, uaPrivate, uaPublic, auth),
    };
  }
}
