import net from 'node:net';

/**
 * The API suite never reaches the internet: every socket this process opens must go to a
 * loopback address, `localhost`, or a name under the reserved `.test` domain (which only a
 * test's stub resolver answers). Anything else fails at connect, whatever library dials it.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|localhost|.+\.localhost|.+\.test)$/i;

type ConnectArgs = Parameters<net.Socket['connect']>;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with its socket below
const connect = net.Socket.prototype.connect as (this: net.Socket, ...args: ConnectArgs) => net.Socket;

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  // net.connect hands the socket its normalised arguments as one array.
  if (Array.isArray(first)) return hostOf(first);
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path !== undefined) return undefined;
    return options.host ?? 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof second === 'string' ? second : 'localhost';
  }
  return undefined; // a Unix socket path
}

// Setup files run once per test file; workers keep their modules (isolate: false), so once.
const GUARDED = Symbol.for('leadcapture.no-outbound');
const proto = net.Socket.prototype as net.Socket & { [GUARDED]?: true };
if (!proto[GUARDED]) {
  proto[GUARDED] = true;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: ConnectArgs) {
    const host = hostOf(args);
    if (host !== undefined && !LOOPBACK.test(host.replace(/^\[|\]$/g, ''))) {
      const err = new Error(`The test suite refuses outbound connections (to ${host}).`);
      process.nextTick(() => this.destroy(err));
      return this;
    }
    return connect.apply(this, args);
  } as net.Socket['connect'];
}
