declare const __APP_VERSION__: string | undefined;

/** The release version, injected at build time (esbuild and vitest `define`). */
export const VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
