#!/usr/bin/env node
/**
 * Build step: writes .br and .gz beside every compressible asset in dist/, so the server sends
 * compressed files (@fastify/static `preCompressed`) without compressing on every request.
 * On a phone on booth Wi-Fi this is most of the first-load time.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      walk(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
    before += body.length;
    after += br.length;
  }
}
walk(DIST);
console.log(`compressed ${files} files: ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB (brotli)`);
