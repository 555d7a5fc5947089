/**
 * The server process itself: bad configuration, one process per data directory, and a SIGTERM
 * that drains in-flight requests, closes the database and releases the lock. Runs its own
 * servers (the shared one stays untouched).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/main.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function start(env) {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, LOG_LEVEL: process.env.LC_LOG ?? 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/** One request on its own socket: `sent` once it is written to the kernel, `answered` with its status. */
function postOnce(port, urlPath, body) {
  let req;
  const answered = new Promise((resolve, reject) => {
    req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
  });
  // Written to the kernel: a request ends ('finish') into the socket's buffer even while it is
  // still connecting; the socket writes that buffer when it connects, before 'connect' reaches us.
  const connected = new Promise((resolve) =>
    req.once('socket', (socket) => (socket.connecting ? socket.once('connect', resolve) : resolve())),
  );
  const finished = new Promise((resolve) => req.once('finish', resolve));
  const sent = Promise.all([connected, finished]);
  req.end(JSON.stringify(body));
  return { sent, answered };
}

async function ready(base) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/v1/status/`)).status === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error('server not ready');
}

export default async function serverLifecycle() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadcapture-lifecycle-'));
  try {
    // A bad value stops the process at once with a message naming the variable.
    const bad = start({ PORT: 'eighty', DATA_DIR: dataDir });
    const badExit = await bad.exited;
    assert.equal(badExit.code, 78);
    assert.match(bad.output(), /PORT:/);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(base);

    // A second process on the same data directory refuses to start.
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const secondExit = await second.exited;
    assert.notEqual(secondExit.code, 0);
    assert.match(second.output(), /in use by another process/);

    // SIGTERM with requests in flight: every one of them is answered, then a clean exit.
    // 50 logins are ~1 s of argon2 work on two cores, most still waiting for their hash at the
    // SIGTERM. One socket per request (no keep-alive), so a client-side reuse race cannot blur
    // the result. A request whose bytes never left this (busy) process is not in flight: the
    // server would close its connection as idle. So the signal waits until all 50 are written
    // to the kernel and a later request on a new connection is answered: by then the server
    // holds all 50, however loaded the machine is.
    const inFlight = Array.from({ length: 50 }, (_, i) =>
      postOnce(port, '/api/v1/auth/login/', { email: `nobody${i}@example.com`, password: 'Wrong12345' }),
    );
    await Promise.all(inFlight.map((r) => r.sent));
    assert.equal((await fetch(`${base}/api/v1/status/`)).status, 200);
    first.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map((r) => r.answered.catch((e) => e.code ?? String(e))));
    assert.deepEqual([...new Set(statuses)], [401], `in-flight answers: ${statuses.join(',')}\n${first.output()}`);
    const exit = await first.exited;
    assert.equal(exit.code, 0, first.output());
    assert.equal(existsSync(path.join(dataDir, 'db.lock')), false, 'the lock is released');

    // The data survives a restart (the database was closed cleanly).
    const again = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(base);
    again.child.kill('SIGTERM');
    assert.equal((await again.exited).code, 0);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
