// `npm start`: builds what is not built yet (or older than its sources), then runs the server,
// which migrates the database and serves the API and the web app on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => path.join(root, ...p);

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') visit(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, s.mtimeMs);
    }
  };
  entries.forEach(visit);
  return newest;
}

function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources);
}

function run(workspace) {
  console.log(`Building ${workspace} ...`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const contracts = at('packages', 'contracts', 'src');
if (
  stale(at('apps', 'web', 'dist', 'index.html'), [
    at('apps', 'web', 'src'),
    at('apps', 'web', 'index.html'),
    at('apps', 'web', 'public'),
    contracts,
  ])
) {
  run('apps/web');
}
if (stale(at('apps', 'server', 'dist', 'main.js'), [at('apps', 'server', 'src'), contracts])) {
  run('apps/server');
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, at('apps', 'server', 'dist', 'main.js')], {
  stdio: 'inherit',
  cwd: root,
});
// Forward signals so the server drains requests and closes the database before exiting.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
