import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number (0 to 65535)' }).int('must be a port number (0 to 65535)').min(0, 'must be a port number (0 to 65535)').max(65535, 'must be a port number (0 to 65535)').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A direct connection for LISTEN when DATABASE_URL goes through a pooler in transaction mode. */
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('FYN <no-reply@fyn.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolish.default(false),
  WEATHER_URL: z.union([z.url(), z.literal('none')]).default('https://api.open-meteo.com/v1/forecast'),
  FORCE_PREMIUM: boolish.default(false),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must look like whsec_…').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must look like pk_test_… or pk_live_…').optional(),
  /** Test servers that answer like Stripe (host:port, http). */
  STRIPE_API_BASE: z.url().optional(),
  ENTERPRISE_PRODUCT_ID: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  REGISTRATIONS_PER_HOUR: z.coerce.number({ error: 'must be a whole number of at least 1' }).int('must be a whole number of at least 1').min(1, 'must be a whole number of at least 1').default(20),
  DEMO_SEED: boolish.optional(),
  /** Developer routes (/api/dev/*) and the demo seed away from a loopback HOST; never in production. */
  DEV_MODE: boolish.optional(),
  /** The local payment provider takes cards in production only when this is set on purpose. */
  LOCAL_PAYMENTS: boolish.optional(),
  /** Whether this node runs background jobs (JOBS=false: a node that only answers requests). */
  JOBS: boolish.optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the change-notice listener connects (DATABASE_LISTEN_URL, else DATABASE_URL). */
  databaseListenUrl: string | undefined;
  appUrl: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  /** API requests per minute per client address; 0 turns the ceiling off. */
  rateLimitPerMinute: number;
  /** Sign-ups per client address per hour. */
  registrationsPerHour: number;
  /** How long a node reuses a logged-in caller's identity without a query; the bound on seeing a change made elsewhere (modules/auth/session.ts). */
  identityReuseMs: number;
  /** How often a node reads again the sessions of its open live streams (modules/events/hub.ts). */
  liveSessionCheckMs: number;
  /** Organisations count as premium whatever their status (docs/product.md#premium). */
  forcePremium: boolean;
  stripe: { secretKey: string; webhookSecret: string | null; publishableKey: string | null; apiBase: string | null } | null;
  /** The provider product shown as the enterprise plan. */
  enterpriseProductId: string | null;
  /** Open-Meteo compatible forecast address, or null for no weather provider. */
  weatherUrl: string | null;
  /**
   * Developer mode: /api/dev/* (the mail outbox, the payment clock) and the demo seed. On only in
   * development on a loopback HOST, or with DEV_MODE=true outside production; `devModeReason`
   * says why it is on or off (the start log prints it).
   */
  devMode: boolean;
  devModeReason: string;
  /** Demo accounts with published passwords: only in developer mode, on the embedded database unless DEMO_SEED=true. */
  demoSeed: boolean;
  /** Whether the local payment provider takes cards (always outside production; LOCAL_PAYMENTS=true in production). */
  localPayments: boolean;
  /** Where the built SPA lives; null serves no SPA (tests). */
  webDir: string | null;
  /** Whether this node works on background jobs (modules/jobs); every node can queue them. */
  jobs: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, webDir: string | null): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    // The variable and the rule, never the value: a secret typed into the wrong place stays out of logs.
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('Missing SESSION_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET && production) {
    throw new ConfigError('Missing STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production (whsec_…)');
  }
  if (production && !e.APP_URL) {
    throw new ConfigError('Missing APP_URL: required when NODE_ENV=production (the public address, e.g. https://fyn.example.com)');
  }
  if (production && e.DEV_MODE) {
    throw new ConfigError('Invalid DEV_MODE: cannot be true when NODE_ENV=production (it opens the mail outbox and the demo accounts)');
  }
  const dev = developerMode(e.NODE_ENV, e.HOST, e.DEV_MODE);
  const dataDir = resolve(e.DATA_DIR);
  const sessionSecret = e.SESSION_SECRET ?? embeddedSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    identityReuseMs: IDENTITY_REUSE_MS,
    liveSessionCheckMs: LIVE_SESSION_CHECK_MS,
    forcePremium: e.FORCE_PREMIUM,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null, apiBase: e.STRIPE_API_BASE ?? null }
      : null,
    enterpriseProductId: e.ENTERPRISE_PRODUCT_ID ?? (e.STRIPE_SECRET_KEY ? null : 'prod_fyn_enterprise'),
    weatherUrl: e.WEATHER_URL === 'none' ? null : e.WEATHER_URL,
    devMode: dev.on,
    devModeReason: dev.reason,
    demoSeed: dev.on && (e.DEMO_SEED ?? !e.DATABASE_URL),
    localPayments: !production || e.LOCAL_PAYMENTS === true,
    webDir,
    jobs: e.JOBS ?? true,
  };
}

/** A change to a role, member or session made through another app node reaches this one's reads within this (writes at once). */
export const IDENTITY_REUSE_MS = 5_000;
/** A live stream whose session expired or ended unnoticed ends within this (a session's end is noticed at once on every node). */
export const LIVE_SESSION_CHECK_MS = 25_000;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** Whether developer mode is on, and why (in words for the start log). */
function developerMode(env: string, host: string, explicit: boolean | undefined): { on: boolean; reason: string } {
  if (env === 'production') return { on: false, reason: 'NODE_ENV=production' };
  if (explicit !== undefined) return { on: explicit, reason: `DEV_MODE=${explicit}` };
  if (env !== 'development') return { on: false, reason: `NODE_ENV=${env} (set DEV_MODE=true to turn it on)` };
  if (!LOOPBACK.test(host)) return { on: false, reason: `HOST ${host} is not a loopback address (set DEV_MODE=true to turn it on)` };
  return { on: true, reason: `development on loopback HOST ${host}` };
}

/**
 * A start-up error as it may be printed: the values of secret variables (and the password of any
 * URL) replaced, so that a failing DATABASE_URL or SMTP_URL does not end up in a log.
 */
export function redactSecrets(message: string, env: NodeJS.ProcessEnv): string {
  let out = message;
  for (const name of ['SESSION_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'DATABASE_URL', 'DATABASE_LISTEN_URL']) {
    const value = env[name];
    if (value && value.length >= 4) out = out.split(value).join(`[${name}]`);
  }
  return out.replace(/(\w+:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@');
}

/** A secret generated once and kept in DATA_DIR, so that sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
