// Bundles the server (with the contracts package) into dist/, copies the files it reads at
// run time, and builds the migrated PGlite template a first start unpacks.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const rootPkg = JSON.parse(readFileSync(`${root}/../../package.json`, 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@leadcapture/'));

rmSync(`${root}/dist`, { recursive: true, force: true });
mkdirSync(`${root}/dist`, { recursive: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: { __APP_VERSION__: JSON.stringify(rootPkg.version) },
  logLevel: 'warning',
};
await build({ ...common, entryPoints: [`${root}/src/main.ts`], outfile: `${root}/dist/main.js` });
await build({ ...common, entryPoints: [`${root}/src/db/make-template.ts`], outfile: `${root}/dist/make-template.js` });
await build({ ...common, entryPoints: [`${root}/src/staff-create.ts`], outfile: `${root}/dist/staff-create.js` });

cpSync(`${root}/src/db/migrations`, `${root}/dist/migrations`, { recursive: true });
cpSync(`${root}/src/modules/auth/common-passwords.txt`, `${root}/dist/common-passwords.txt`);

const { makeTemplate } = await import(`${root}/dist/make-template.js`);
const size = await makeTemplate(`${root}/dist/pgdata-template.tar.gz`);
rmSync(`${root}/dist/make-template.js`);
rmSync(`${root}/dist/make-template.js.map`, { force: true });
console.log(`server built: dist/main.js, migrations, PGlite template (${Math.round(size / 1024)} KiB)`);
