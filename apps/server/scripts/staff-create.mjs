// `npm run staff:create -- --email <e> --password <p> [--role admin|support]`: runs the built
// script (dist/staff-create.js, made by `npm run build`), else the source through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/staff-create.js', import.meta.url));
const source = fileURLToPath(new URL('../src/staff-create.ts', import.meta.url));
const args = existsSync(built) ? [built] : ['--import', 'tsx', source];
const r = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
