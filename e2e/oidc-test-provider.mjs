import { createServer } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`, certified) on 127.0.0.1 for the social sign-in tests:
 * the server's suite (modules/auth/social.routes.test.ts) and the browser journey
 * (e2e/social-sign-in.spec.mjs). Two clients, `google` and `microsoft`, both at this one issuer.
 *
 * There is no login form: the interaction step signs in as `provider.nextAccount` (set by the
 * test before each flow) and grants the requested scopes, so a test drives the whole flow with
 * plain HTTP redirects. ID tokens carry the account's claims (conformIdTokenClaims off), as
 * Google's and Microsoft's do.
 *
 * @param {{ redirectBase: string, port?: number }} options  redirectBase: the app's PUBLIC_URL
 */
export async function startOidcTestProvider({ redirectBase, port = 0 }) {
  /** @type {Map<string, Record<string, unknown>>} */
  const accounts = new Map();
  const server = createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const issuer = `http://127.0.0.1:${address.port}`;
  const client = (/** @type {string} */ id) => ({
    client_id: `${id}-client`,
    client_secret: `${id}-secret-of-the-test-provider`,
    redirect_uris: [`${redirectBase}/api/v1/auth/social/${id}/callback/`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const provider = new Provider(issuer, {
    clients: [client('google'), client('microsoft')],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    // Set, so the provider does not print a notice per artifact kind in every test run.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    // The consent every client asks for is given at once (the test is both user and provider).
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const state = { nextAccount: '' };
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path.startsWith('/interaction/')) {
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId: state.nextAccount } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return;
    }
    await next();
  });
  const callback = provider.callback();
  server.on('request', callback);
  return {
    issuer,
    clientEnv(/** @type {'google' | 'microsoft'} */ id) {
      const c = client(id);
      const name = id.toUpperCase();
      return {
        [`OIDC_${name}_CLIENT_ID`]: c.client_id,
        [`OIDC_${name}_CLIENT_SECRET`]: c.client_secret,
        [`OIDC_${name}_ISSUER`]: issuer,
      };
    },
    /** The person the next sign-in at the provider is; `sub` is the id. */
    signInAs(/** @type {string} */ id, /** @type {Record<string, unknown>} */ claims) {
      accounts.set(id, claims);
      state.nextAccount = id;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
