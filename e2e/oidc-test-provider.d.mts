/** Types of oidc-test-provider.mjs for the server's TypeScript tests. */
export type OidcTestProvider = {
  issuer: string;
  clientEnv(id: 'google' | 'microsoft'): Record<string, string>;
  signInAs(id: string, claims: Record<string, unknown>): void;
  close(): Promise<void>;
};
export function startOidcTestProvider(options: { redirectBase: string; port?: number }): Promise<OidcTestProvider>;
