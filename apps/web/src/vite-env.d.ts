/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own, e.g. `https://api.example.com`. Empty: same origin. */
  readonly VITE_API_BASE?: string;
  /** This build's id (vite.config.ts), compared with builds/latest.json. */
  readonly VITE_BUILD_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
