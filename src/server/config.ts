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
  DEMO_SEED: boolish.optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  /** API requests per minute per client address; 0 turns the ceiling off. */
  rateLimitPerMinute: number;
  /** Organisations count as premium whatever their status (spec §4). */
  forcePremium: boolean;
  stripe: { secretKey: string; webhookSecret: string | null; publishableKey: string | null; apiBase: string | null } | null;
  /** The provider product shown as the enterprise plan. */
  enterpriseProductId: string | null;
  /** Open-Meteo compatible forecast address, or null for no weather provider. */
  weatherUrl: string | null;
  /** Demo accounts on first start: embedded mode outside production unless DEMO_SEED says otherwise. */
  demoSeed: boolean;
  /** Where the built SPA lives; null serves no SPA (tests). */
  webDir: string | null;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, webDir: string | null): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(clean[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('Missing SESSION_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET && e.NODE_ENV === 'production') {
    throw new ConfigError('Missing STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production (whsec_…)');
  }
  if (e.NODE_ENV === 'production' && !e.APP_URL) {
    throw new ConfigError('Missing APP_URL: required when NODE_ENV=production (the public address, e.g. https://fyn.example.com)');
  }
  const dataDir = resolve(e.DATA_DIR);
  const sessionSecret = e.SESSION_SECRET ?? embeddedSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    forcePremium: e.FORCE_PREMIUM,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null, apiBase: e.STRIPE_API_BASE ?? null }
      : null,
    enterpriseProductId: e.ENTERPRISE_PRODUCT_ID ?? (e.STRIPE_SECRET_KEY ? null : 'prod_fyn_enterprise'),
    weatherUrl: e.WEATHER_URL === 'none' ? null : e.WEATHER_URL,
    demoSeed: e.DEMO_SEED ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    webDir,
  };
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
