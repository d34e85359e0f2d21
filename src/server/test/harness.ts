import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { IDENTITY_REUSE_MS, LIVE_SESSION_CHECK_MS, READ_YOUR_WRITES_MS, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { copyTemplate } from '../db/template.ts';
import { testDatabaseUrls } from './global-setup.ts';

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  dataDir: mkdtempSync(join(tmpdir(), 'fyn-test-')),
  databaseUrl: process.env.DATABASE_URL,
  databaseListenUrl: process.env.DATABASE_LISTEN_URL ?? process.env.DATABASE_URL,
  databaseReadUrl: undefined,
  readYourWritesMs: READ_YOUR_WRITES_MS,
  appUrl: 'http://localhost:3000',
  sessionSecret: 'test-secret-test-secret-test-secret-0123456789',
  smtpUrl: undefined,
  mailFrom: 'FYN <no-reply@fyn.local>',
  logLevel: 'silent',
  trustProxy: false,
  rateLimitPerMinute: 0,
  // Test files sign up many people from one address; the sign-up throttle has its own test.
  registrationsPerHour: 100_000,
  apiKeyRequestsPerMinute: 600,
  // Tests deliver webhooks only to receivers they start on 127.0.0.1.
  webhookAllowLoopback: true,
  // As in production: a test that changes the database behind the API's back calls
  // app.ctx.identities.clear(), as another app node's change would wait out this bound.
  identityReuseMs: IDENTITY_REUSE_MS,
  liveSessionCheckMs: LIVE_SESSION_CHECK_MS,
  weatherUrl: null,
  forcePremium: false,
  stripe: null,
  enterpriseProductId: 'prod_fyn_enterprise',
  devMode: true,
  devModeReason: 'tests',
  demoSeed: false,
  localPayments: true,
  files: null,
  shutdown: { drainS: 0, timeoutS: 5 },
  // The built-in engine: no test sends text to an AI provider unless it starts one on 127.0.0.1.
  ai: null,
  webDir: null,
  // Workers poll; the tests that need them turn them on (and call the handlers directly where they can).
  jobs: false,
  // scrypt at 1/64 of the real cost (about 2 ms of CPU instead of 100): a run signs up and logs in
  // people about 500 times. The real cost is checked in lib/password-hash.test.ts.
  passwordCost: { N: 1024, r: 4, p: 1 },
  ...overrides,
});

/** A fresh copy of the migrated template: PGlite a copy of its folder, PostgreSQL by CREATE DATABASE … TEMPLATE. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // A copy of the template's folder, opened where it lies: PGlite reads only the pages a test
    // touches, where loading a dump into memory copied all of it (about 0.3 s of CPU a file more).
    // Laid as a first start lays the build's template (copyTemplate).
    const dir = mkdtempSync(join(inject('pgliteScratch'), 'db-'));
    if (!copyTemplate(dir, inject('pgliteTemplate'))) throw new Error(`no complete database template at ${inject('pgliteTemplate')}`);
    const database = await openDatabase({ dataDir: dir }).catch((err: unknown) => {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    });
    return closingWith(database, () => rmSync(dir, { recursive: true, force: true }));
  }
  const name = `fyn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  // A test database is thrown away after its file: a commit need not wait for the disk (the
  // embedded database's durability is durability.test.ts's, the server's is PostgreSQL's own).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const database = await openDatabase({ ...testDatabaseUrls(name), poolSize: 4 });
  return closingWith(database, async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
}

/** The test database, whose close also throws away its copy. */
function closingWith(database: Database, discard: () => unknown): Database {
  const close = database.close;
  database.close = async () => {
    await close();
    await discard();
  };
  return database;
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), { database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over `inject`: keeps cookies, and fetches the CSRF cookie before every
 * state-changing request, as the web client does.
 */
export function createClient(app: FastifyInstance, ip = '127.0.0.1') {
  const jar = new Map<string, string>();
  const store = (res: LightMyRequestResponse) => {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && !jar.has('XSRF-TOKEN')) {
      store(await app.inject({ method: 'GET', url: '/api/csrf-cookie', headers: { cookie: cookieHeader() }, remoteAddress: ip }));
    }
    const res = await app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        cookie: cookieHeader(),
        ...(method !== 'GET' ? { 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    store(res);
    return Object.assign(res, { body: res.body, data: safeJson(res.body) });
  }
  return {
    jar,
    request,
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => request('POST', url, body ?? {}, headers),
    put: (url: string, body?: unknown) => request('PUT', url, body ?? {}),
    delete: (url: string) => request('DELETE', url),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const safeJson = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The code in the newest verification mail to `email`. */
export async function latestCode(database: Database, email: string): Promise<string> {
  const [mail] = await database.query<{ subject: string }>('select subject from mail_outbox where "to" = $1 order by created_at desc, id desc limit 1', [email]);
  const code = /^(\d{6}) /.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
