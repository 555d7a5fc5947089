import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'leadcapture-config-'));

describe('config', () => {
  it('has working defaults and generates a JWT secret kept in DATA_DIR', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      schedulerIntervalMs: 300_000,
    });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(c.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(c.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SCHEDULER_INTERVAL_MS: '500' }, 'SCHEDULER_INTERVAL_MS'],
    [{ SCHEDULER_INTERVAL_MS: 'often' }, 'SCHEDULER_INTERVAL_MS'],
    [{ ENCRYPTION_KEY: 'too-short' }, 'ENCRYPTION_KEY'],
    [{ OUTBOUND_ALLOW_PRIVATE: 'maybe' }, 'OUTBOUND_ALLOW_PRIVATE'],
    [{ API_KEY_RATE_LIMIT: 'lots' }, 'API_KEY_RATE_LIMIT'],
    [{ HUBSPOT_API_BASE: 'ftp://hubspot' }, 'HUBSPOT_API_BASE'],
  ])('refuses %o with a message naming the variable', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}:`));
  });

  it('parses lists and trims the public URL', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      PUBLIC_URL: 'https://leads.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      SCHEDULER_INTERVAL_MS: '2000',
    });
    expect(c.schedulerIntervalMs).toBe(2000);
    expect(c.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(c.publicUrl).toBe('https://leads.example.com');
    expect(c.jwtSecret).toBe('x'.repeat(40));
  });
});

describe('integrations configuration', () => {
  it('generates an encryption key once, kept in DATA_DIR, and reads a given one in base64 or hex', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.encryptionKey).toHaveLength(32);
    expect(Buffer.from(readFileSync(path.join(dir, 'encryption-key'), 'utf8'), 'base64')).toEqual(c.encryptionKey);
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey).toEqual(c.encryptionKey);
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir(), ENCRYPTION_KEY: hex }).encryptionKey).toEqual(Buffer.from(hex, 'hex'));
  });

  it('keeps outgoing requests to public addresses and reads the providers from their defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), HUBSPOT_API_BASE: 'http://127.0.0.1:9999/' });
    expect(c.outbound).toEqual({ allowPrivate: false });
    expect(c.apiKeyRateLimit).toEqual({ limit: 600, windowSeconds: 60 });
    expect(c.providers).toEqual({
      hubspotApiBase: 'http://127.0.0.1:9999',
      salesforceLoginBase: 'https://login.salesforce.com',
      mailchimpApiBase: undefined,
    });
  });
});

describe('billing configuration', () => {
  it('reads an empty variable as unset and defaults to the local provider', () => {
    const config = loadConfig({ PUBLIC_URL: '', BILLING_PROVIDER: '', STRIPE_SECRET_KEY: '', DATA_DIR: dataDir() });
    expect(config.billing).toEqual({ provider: 'local' });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses Stripe without its keys, naming each', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', DATA_DIR: dataDir() })).toThrow(
      /STRIPE_SECRET_KEY: is required when BILLING_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('carries the Stripe keys and the test double address', () => {
    const config = loadConfig({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      DATA_DIR: dataDir(),
    });
    expect(config.billing).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  describe('social sign-in providers (03-decisions §4d)', () => {
    it('offers a provider only with both its client id and secret; empty is unset', () => {
      const dir = dataDir();
      expect(loadConfig({ DATA_DIR: dir }).oidc).toEqual({});
      expect(loadConfig({ DATA_DIR: dir, OIDC_GOOGLE_CLIENT_ID: '', OIDC_GOOGLE_CLIENT_SECRET: '' }).oidc).toEqual({});
      expect(
        loadConfig({ DATA_DIR: dir, OIDC_MICROSOFT_CLIENT_ID: 'app-id', OIDC_MICROSOFT_CLIENT_SECRET: 'shh' }).oidc,
      ).toEqual({
        microsoft: {
          clientId: 'app-id',
          clientSecret: 'shh',
          issuer: 'https://login.microsoftonline.com/common/v2.0',
        },
      });
      expect(
        loadConfig({ DATA_DIR: dir, OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret' }).oidc.google
          ?.issuer,
      ).toBe('https://accounts.google.com');
      expect(() => loadConfig({ DATA_DIR: dir, OIDC_GOOGLE_CLIENT_ID: 'id' })).toThrow(/OIDC_GOOGLE_CLIENT_SECRET/);
    });

    it('accepts an http:// issuer on loopback only', () => {
      const dir = dataDir();
      const env = { DATA_DIR: dir, OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret' };
      expect(loadConfig({ ...env, OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).oidc.google?.issuer).toBe(
        'http://127.0.0.1:4000',
      );
      expect(() => loadConfig({ ...env, OIDC_GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow(
        /OIDC_GOOGLE_ISSUER: must be an https:\/\/ URL/,
      );
      expect(() => loadConfig({ ...env, OIDC_MICROSOFT_ISSUER: 'ftp://login' })).toThrow(ConfigError);
    });
  });
});
