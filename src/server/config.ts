import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFilesUrl, type S3Location } from './modules/files/store.ts';
import { PASSWORD_COST, type ScryptCost } from './lib/password-hash.ts';

/** The enterprise plan's product in the built-in payment provider (modules/billing/local-provider.ts). */
export const LOCAL_ENTERPRISE_PRODUCT_ID = 'prod_fyn_enterprise';

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
  /** A streaming replica of DATABASE_URL for lists, searches and exports (docs/deployment.md#read-replica). */
  DATABASE_READ_URL: z
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
  /** Requests per minute per API key (docs/architecture.md#api-keys). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number of at least 1' }).int('must be a whole number of at least 1').min(1, 'must be a whole number of at least 1').default(600),
  /** Outgoing webhooks may go to loopback addresses (developer mode and tests; never in production, never other private ranges). */
  WEBHOOK_ALLOW_LOOPBACK: boolish.optional(),
  REGISTRATIONS_PER_HOUR: z.coerce.number({ error: 'must be a whole number of at least 1' }).int('must be a whole number of at least 1').min(1, 'must be a whole number of at least 1').default(20),
  DEMO_SEED: boolish.optional(),
  /** Developer routes (/api/dev/*) and the demo seed away from a loopback HOST; never in production. */
  DEV_MODE: boolish.optional(),
  /** The local payment provider takes cards in production only when this is set on purpose. */
  LOCAL_PAYMENTS: boolish.optional(),
  /** Whether this node runs background jobs (JOBS=false: a node that only answers requests). */
  JOBS: boolish.optional(),
  /** Files in an S3-compatible bucket (s3://bucket?endpoint=…&region=…&force_path_style=true) instead of DATA_DIR/uploads. */
  FILES_URL: z.string().superRefine((v, c) => {
    try {
      parseFilesUrl(v);
    } catch (err) {
      c.addIssue({ code: 'custom', message: (err as Error).message });
    }
  }).optional(),
  /** Seconds a node keeps serving after SIGTERM, its readiness already 503, so that a balancer stops sending to it. */
  SHUTDOWN_DRAIN_S: z.coerce.number({ error: 'must be a number of seconds (0 to 300)' }).int('must be a number of seconds (0 to 300)').min(0, 'must be a number of seconds (0 to 300)').max(300, 'must be a number of seconds (0 to 300)').default(10),
  /** Seconds, after the drain, that requests in flight and running jobs get to finish before the node exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number({ error: 'must be a number of seconds (1 to 600)' }).int('must be a number of seconds (1 to 600)').min(1, 'must be a number of seconds (1 to 600)').max(600, 'must be a number of seconds (1 to 600)').default(20),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** An OpenAI-compatible chat-completions service for the AI features (docs/deployment.md#ai-provider); the three go together. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address (e.g. https://api.openai.com/v1)' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** Seconds an AI provider gets to answer before the call fails and its credits are refunded. */
  AI_TIMEOUT_S: z.coerce.number({ error: 'must be a number of seconds (1 to 600)' }).int('must be a number of seconds (1 to 600)').min(1, 'must be a number of seconds (1 to 600)').max(600, 'must be a number of seconds (1 to 600)').default(60),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the change-notice listener connects (DATABASE_LISTEN_URL, else DATABASE_URL). */
  databaseListenUrl: string | undefined;
  /** The read replica (DATABASE_READ_URL), or undefined: every read on the primary. */
  databaseReadUrl: string | undefined;
  /** How long after a member's own write their reads stay on the primary (lib/read-replica.ts). */
  readYourWritesMs: number;
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
  /** Requests per minute per API key (modules/developers). */
  apiKeyRequestsPerMinute: number;
  /** Outgoing webhooks may be delivered to loopback addresses (WEBHOOK_ALLOW_LOOPBACK; refused in production). */
  webhookAllowLoopback: boolean;
  /** scrypt's cost for passwords (lib/password-hash.ts): PASSWORD_COST everywhere but in the API tests. */
  passwordCost: ScryptCost;
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
  /**
   * The S3-compatible bucket files live in (FILES_URL), with the keys to it when AWS_ACCESS_KEY_ID
   * and AWS_SECRET_ACCESS_KEY are set (else the SDK's own chain); null keeps them in DATA_DIR/uploads.
   */
  files: { location: S3Location; credentials: { accessKeyId: string; secretAccessKey: string } | undefined } | null;
  /** After SIGTERM: seconds of serving with readiness 503 (drain), then seconds for what is in flight (main.ts). */
  shutdown: { drainS: number; timeoutS: number };
  /**
   * The AI provider (AI_BASE_URL, AI_API_KEY, AI_MODEL; AI_TIMEOUT_S): an OpenAI-compatible
   * chat-completions service. Null: the built-in engine answers and no text leaves the machine.
   */
  ai: AiProviderConfig | null;
};

export type AiProviderConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

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
  if (production && e.WEBHOOK_ALLOW_LOOPBACK) {
    throw new ConfigError('Invalid WEBHOOK_ALLOW_LOOPBACK: cannot be true when NODE_ENV=production (webhooks would reach this machine’s own services)');
  }
  if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError(`Missing ${e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'}: the two keys of the file store go together`);
  }
  const aiSet = [e.AI_BASE_URL, e.AI_API_KEY, e.AI_MODEL].filter(Boolean).length;
  if (aiSet > 0 && aiSet < 3) {
    const missing = (['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const).filter((k) => !e[k]);
    throw new ConfigError(`Missing ${missing.join(' and ')}: AI_BASE_URL, AI_API_KEY and AI_MODEL go together (a local server without keys takes any AI_API_KEY)`);
  }
  if (production && e.AI_BASE_URL && !privateHttpOk(new URL(e.AI_BASE_URL))) {
    throw new ConfigError('Invalid AI_BASE_URL: must be https:// when NODE_ENV=production, unless the service runs on this machine (127.0.0.1, ::1, localhost) or is a container beside it (a one-word host such as ollama)');
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
    databaseReadUrl: e.DATABASE_URL ? e.DATABASE_READ_URL : undefined,
    readYourWritesMs: READ_YOUR_WRITES_MS,
    appUrl: (e.APP_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    webhookAllowLoopback: !production && e.WEBHOOK_ALLOW_LOOPBACK === true,
    passwordCost: PASSWORD_COST,
    identityReuseMs: IDENTITY_REUSE_MS,
    liveSessionCheckMs: LIVE_SESSION_CHECK_MS,
    forcePremium: e.FORCE_PREMIUM,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null, apiBase: e.STRIPE_API_BASE ?? null }
      : null,
    enterpriseProductId: e.ENTERPRISE_PRODUCT_ID ?? (e.STRIPE_SECRET_KEY ? null : LOCAL_ENTERPRISE_PRODUCT_ID),
    weatherUrl: e.WEATHER_URL === 'none' ? null : e.WEATHER_URL,
    devMode: dev.on,
    devModeReason: dev.reason,
    demoSeed: dev.on && (e.DEMO_SEED ?? !e.DATABASE_URL),
    localPayments: !production || e.LOCAL_PAYMENTS === true,
    webDir,
    jobs: e.JOBS ?? true,
    shutdown: { drainS: e.SHUTDOWN_DRAIN_S, timeoutS: e.SHUTDOWN_TIMEOUT_S },
    ai: e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL.replace(/\/$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_S * 1000 } : null,
    files: e.FILES_URL
      ? {
          location: parseFilesUrl(e.FILES_URL),
          credentials: e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : undefined,
        }
      : null,
  };
}

/** After a member's own write, their reads stay on the primary this long (a replica that lags less never shows them the past). */
export const READ_YOUR_WRITES_MS = 5_000;
/** A change to a role, member or session made through another app node reaches this one's reads within this (writes at once). */
export const IDENTITY_REUSE_MS = 5_000;
/** A live stream whose session expired or ended unnoticed ends within this (a session's end is noticed at once on every node). */
export const LIVE_SESSION_CHECK_MS = 25_000;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** An AI service the enquiries may reach in clear: https, or this machine, or a one-word host (a container beside this one). */
function privateHttpOk(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'https:' || LOOPBACK.test(host) || /^[a-z][a-z0-9-]*$/i.test(host);
}

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
  for (const name of ['SESSION_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'DATABASE_URL', 'DATABASE_LISTEN_URL', 'DATABASE_READ_URL', 'AWS_SECRET_ACCESS_KEY', 'AI_API_KEY']) {
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
