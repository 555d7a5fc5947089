import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { STATEMENT_TIMEOUTS_MS } from './db/database.ts';
import { VERSION } from './version.ts';

/**
 * The only place that reads process.env (a lint rule enforces it). Everything is parsed and
 * validated at boot so a bad value stops the process with a clear message instead of failing
 * at the first request that needs it.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** '120/10m' -> 120 per 600 s; a window without a unit is in seconds. */
function parseRate(value: string): { limit: number; windowSeconds: number } {
  const [count = '0', window = '0'] = value.split('/');
  const unit = window.at(-1);
  const factor = unit === 'h' ? 3600 : unit === 'm' ? 60 : 1;
  return { limit: Number(count), windowSeconds: Number.parseInt(window, 10) * factor };
}

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((v) => v.replace(/\/+$/, ''));

/** Bytes of a base64url text without padding, or -1 when it is not one. */
function base64urlLength(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) && value.length % 4 !== 1 ? Math.floor((value.length * 3) / 4) : -1;
}

/** ENCRYPTION_KEY's 32 bytes, from base64 or hex; null when it is neither. */
function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? bytes : null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** 03-decisions §4d: an identity provider is reached over https, or over http on loopback (tests). */
function issuerAllowed(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}

export type OidcProviderId = 'google' | 'microsoft';
export type OidcProviderConfig = { clientId: string; clientSecret: string; issuer: string };

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('LeadCapture <no-reply@leadcapture.local>'),
    SUPPORT_EMAIL: z.email('must be an email address').default('support@leadcapture.local'),
    // An admin staff account created at start when that address has none (03-decisions §4c).
    STAFF_EMAIL: z.email('must be an email address').optional(),
    STAFF_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
    // How long audit rows are kept (docs/staff.md); purged by the scheduler.
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CORS_ORIGINS: z.string().default(''),
    TRUST_PROXY: booleanish.default(false),
    WEB_DIST_DIR: z.string().optional(),
    // Public lead captures per client address: "<count>/<window>", window in s, m or h.
    CAPTURE_RATE_LIMIT: z
      .string()
      .regex(/^\d+\/\d+[smh]?$/, 'must look like 120/10m (count per window; s, m or h)')
      .default('120/10m')
      .transform(parseRate)
      .refine((r) => r.limit >= 1 && r.windowSeconds >= 1, 'count and window must be at least 1'),
    // How often the scheduled jobs (bin purge, follow-up reminders) run, in milliseconds.
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
    // Leads per batch (one transaction) of a bulk job of the data centre; tests lower it. Unset:
    // 1,000 on PGlite, 5,000 on PostgreSQL (modules/data/data-bulk.service.ts).
    BULK_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).optional(),
    // The time limit of a request's database statements, in milliseconds (PostgreSQL only).
    STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(STATEMENT_TIMEOUTS_MS.request),
    // Where billing is done (docs/billing.md): the product itself (local) or Stripe.
    BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    // Stripe's API address; only a test double sets it.
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    // The key integration credentials are encrypted with: 32 bytes as base64 or 64 hex digits.
    ENCRYPTION_KEY: z
      .string()
      .refine((v) => decodeKey(v) !== null, 'must be 32 bytes as base64 (44 characters) or hex (64 digits)')
      .optional(),
    // Development and tests only: let webhooks and integrations reach private addresses.
    OUTBOUND_ALLOW_PRIVATE: booleanish.default(false),
    // Requests per API key and window (docs/api-keys.md), shared across processes through Redis.
    API_KEY_RATE_LIMIT: z
      .string()
      .regex(/^\d+\/\d+[smh]?$/, 'must look like 600/1m (count per window; s, m or h)')
      .default('600/1m')
      .transform(parseRate)
      .refine((r) => r.limit >= 1 && r.windowSeconds >= 1, 'count and window must be at least 1'),
    // The providers' API addresses; only a test double sets them.
    HUBSPOT_API_BASE: httpUrl.default('https://api.hubapi.com'),
    SALESFORCE_LOGIN_BASE: httpUrl.default('https://login.salesforce.com'),
    // Mailchimp's address depends on the account's data centre (the API key's suffix) unless set.
    MAILCHIMP_API_BASE: httpUrl.optional(),
    // Web push (docs/push.md): the VAPID pair, both or neither (generated once and kept in the
    // database when unset), and the contact push services may reach (mailto: or https:).
    VAPID_PUBLIC_KEY: z
      .string()
      .refine((v) => base64urlLength(v) === 65, 'must be the 65-byte P-256 public key, base64url')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine((v) => base64urlLength(v) === 32, 'must be the 32-byte P-256 private key, base64url')
      .optional(),
    // Social sign-in through OpenID Connect (03-decisions §4d, docs/social-sign-in.md): a provider
    // is offered when its client id and secret are both set.
    OIDC_GOOGLE_CLIENT_ID: z.string().max(500).optional(),
    OIDC_GOOGLE_CLIENT_SECRET: z.string().max(500).optional(),
    OIDC_GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
    OIDC_MICROSOFT_CLIENT_ID: z.string().max(500).optional(),
    OIDC_MICROSOFT_CLIENT_SECRET: z.string().max(500).optional(),
    // Any work, school or personal account; one organisation's tenant names its id instead of common.
    OIDC_MICROSOFT_ISSUER: httpUrl.default('https://login.microsoftonline.com/common/v2.0'),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  })
  .superRefine((e, issues) => {
    for (const provider of ['GOOGLE', 'MICROSOFT'] as const) {
      const id = e[`OIDC_${provider}_CLIENT_ID`];
      const secret = e[`OIDC_${provider}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret))
        issues.addIssue({
          code: 'custom',
          path: [id ? `OIDC_${provider}_CLIENT_SECRET` : `OIDC_${provider}_CLIENT_ID`],
          message: `OIDC_${provider}_CLIENT_ID and OIDC_${provider}_CLIENT_SECRET are set together`,
        });
      if (!issuerAllowed(e[`OIDC_${provider}_ISSUER`]))
        issues.addIssue({
          code: 'custom',
          path: [`OIDC_${provider}_ISSUER`],
          message: 'must be an https:// URL (http:// only on a loopback address)',
        });
    }
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
      issues.addIssue({
        code: 'custom',
        path: [e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
      });
    if (e.BILLING_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
      if (!e[name])
        issues.addIssue({ code: 'custom', path: [name], message: 'is required when BILLING_PROVIDER=stripe' });
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the public contact form's messages go (with Reply-To set to the sender). */
  supportEmail: string;
  jwtSecret: string;
  /** The staff account made at start when STAFF_EMAIL and STAFF_PASSWORD are set (docs/staff.md). */
  staffBootstrap: { email: string; password: string } | undefined;
  /** Days audit rows are kept before the scheduled purge removes them. */
  auditRetentionDays: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  corsOrigins: string[];
  trustProxy: boolean;
  /** The built web app (apps/web/dist unless WEB_DIST_DIR says otherwise). */
  webDistDir: string;
  /** Public lead captures allowed per client address and window (docs/capture.md). */
  captureRateLimit: { limit: number; windowSeconds: number };
  /** Period of the scheduled jobs (docs/jobs.md); the first run comes at most 10 s after start. */
  schedulerIntervalMs: number;
  /** Leads per batch of a bulk job (docs/data-centre-imports.md); unset: by database kind. */
  bulkBatchSize: number | undefined;
  /** Statement time limit of the pool's connections (db/database.ts STATEMENT_TIMEOUTS_MS). */
  statementTimeoutMs: number;
  /** docs/billing.md: `stripe` carries its keys and, for a test double, its API address. */
  billing:
    | { provider: 'local' }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string | undefined };
  /** AES-256-GCM key of the credentials kept at rest (ENCRYPTION_KEY, else generated in DATA_DIR). */
  encryptionKey: Buffer;
  /** Outgoing requests to customers' addresses (webhooks, integrations): 03-decisions §4a. */
  outbound: { allowPrivate: boolean };
  /** Requests per API key and window (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit: { limit: number; windowSeconds: number };
  /** Where each integration's provider API is reached (a test double in tests). */
  providers: { hubspotApiBase: string; salesforceLoginBase: string; mailchimpApiBase: string | undefined };
  /** Web push: the configured VAPID pair (else the one kept in the database) and its subject. */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string };
  /** Social sign-in providers with their client credentials; an unconfigured one is absent. */
  oidc: Partial<Record<OidcProviderId, OidcProviderConfig>>;
  version: string;
};

export class ConfigError extends Error {}

/** A secret given in the environment, else the one generated on first start and kept in DATA_DIR. */
function resolveSecret(dataDir: string, name: string, given: string | undefined, generate: () => string): string {
  if (given) return given;
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function resolveEncryptionKey(dataDir: string, given: string | undefined): Buffer {
  const value = resolveSecret(dataDir, 'encryption-key', given, () => randomBytes(32).toString('base64'));
  const key = decodeKey(value);
  if (!key)
    throw new ConfigError(`Invalid configuration:\n  ${path.join(dataDir, 'encryption-key')}: not a 32-byte key`);
  return key;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  // An empty variable means unset (FOO= in a shell or an .env file).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    // 03-decisions §1: generated once and kept under DATA_DIR when unset.
    jwtSecret:
      overrides.jwtSecret ??
      resolveSecret(dataDir, 'jwt-secret', e.JWT_SECRET, () => randomBytes(48).toString('base64url')),
    staffBootstrap:
      e.STAFF_EMAIL && e.STAFF_PASSWORD
        ? { email: e.STAFF_EMAIL.toLowerCase(), password: e.STAFF_PASSWORD }
        : undefined,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    // apps/web/dist, seen from apps/server/src (this file) or apps/server/dist (the bundle).
    webDistDir: e.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    captureRateLimit: e.CAPTURE_RATE_LIMIT,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    bulkBatchSize: e.BULK_BATCH_SIZE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    billing:
      e.BILLING_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
            apiBase: e.STRIPE_API_BASE,
          }
        : { provider: 'local' },
    encryptionKey: overrides.encryptionKey ?? resolveEncryptionKey(dataDir, e.ENCRYPTION_KEY),
    outbound: { allowPrivate: e.OUTBOUND_ALLOW_PRIVATE },
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    providers: {
      hubspotApiBase: e.HUBSPOT_API_BASE,
      salesforceLoginBase: e.SALESFORCE_LOGIN_BASE,
      mailchimpApiBase: e.MAILCHIMP_API_BASE,
    },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
    oidc: {
      ...(e.OIDC_GOOGLE_CLIENT_ID && e.OIDC_GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: e.OIDC_GOOGLE_CLIENT_ID,
              clientSecret: e.OIDC_GOOGLE_CLIENT_SECRET,
              issuer: e.OIDC_GOOGLE_ISSUER,
            },
          }
        : {}),
      ...(e.OIDC_MICROSOFT_CLIENT_ID && e.OIDC_MICROSOFT_CLIENT_SECRET
        ? {
            microsoft: {
              clientId: e.OIDC_MICROSOFT_CLIENT_ID,
              clientSecret: e.OIDC_MICROSOFT_CLIENT_SECRET,
              issuer: e.OIDC_MICROSOFT_ISSUER,
            },
          }
        : {}),
    },
    version: VERSION,
    ...overrides,
  };
}
