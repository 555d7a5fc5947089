import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Resolved from this file, not the cwd, so `vite build` behaves the same whether it runs
// from the repo root (`npm run build -w apps/web`) or from apps/web.
const root = fileURLToPath(new URL('.', import.meta.url));

// Vite only reads a default export; config files are the one exception to named exports.
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    // The server serves this directory next to the API, so the path is part of the contract.
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: lets scripts/bundle-size.mjs measure what each route loads first.
    manifest: true,
  },
  server: {
    // In development the API runs as its own process; proxying keeps the browser on one
    // origin, exactly like production where the server serves both.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
