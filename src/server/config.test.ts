import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactSecrets } from './config.ts';
import { appRoot } from './paths.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'fyn-config-'));

describe('configuration', () => {
  it('has the documented defaults and keeps a generated session secret in DATA_DIR', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d }, null);
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, appUrl: 'http://127.0.0.1:3000', env: 'development', demoSeed: true, forcePremium: false, stripe: null });
    expect(existsSync(join(d, 'secret'))).toBe(true);
    expect(loadConfig({ DATA_DIR: d }, null).sessionSecret).toBe(c.sessionSecret);
    expect(readFileSync(join(d, 'secret'), 'utf8').trim()).toBe(c.sessionSecret);
  });

  it('listens for change notices on DATABASE_URL unless DATABASE_LISTEN_URL names a direct connection', () => {
    const pooled = 'postgres://fyn@pgbouncer:6432/fyn';
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: pooled }, null).databaseListenUrl).toBe(pooled);
    const direct = 'postgres://fyn@db:5432/fyn';
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: pooled, DATABASE_LISTEN_URL: direct }, null)).toMatchObject({ databaseUrl: pooled, databaseListenUrl: direct });
  });

  it('names the variable of a bad value in one line', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /^Invalid PORT: must be a port number/],
      [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL: must start with postgres/],
      [{ DATABASE_LISTEN_URL: 'pgbouncer:6432' }, /^Invalid DATABASE_LISTEN_URL: must start with postgres/],
      [{ SMTP_URL: 'mail.example.com' }, /^Invalid SMTP_URL: must start with smtp/],
      [{ NODE_ENV: 'prod' }, /^Invalid NODE_ENV: /],
      [{ NODE_ENV: 'production', APP_URL: 'https://fyn.example' }, /^Missing SESSION_SECRET/],
      [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, /^Missing APP_URL/],
      [{ SESSION_SECRET: 'short' }, /^Invalid SESSION_SECRET: must be at least 32 characters$/],
      [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), APP_URL: 'https://fyn.example', DEV_MODE: 'true' }, /^Invalid DEV_MODE: cannot be true when NODE_ENV=production/],
    ];
    for (const [env, message] of bad) {
      const run = () => loadConfig({ DATA_DIR: dir(), ...env }, null);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(message);
    }
  });

  it('never prints the value of a variable, only its name and the rule (issue 8, finding 3)', () => {
    const secrets: Record<string, string> = {
      SESSION_SECRET: 'hunter2-too-short',
      STRIPE_SECRET_KEY: 'sk_prod_Sup3rS3cret',
      SMTP_URL: 'mail://mailer:Pa55word@smtp.example.com',
      DATABASE_URL: 'mysql://admin:Pa55word@db.example.com/fyn',
      STRIPE_WEBHOOK_SECRET: 'whsecret_1234',
    };
    for (const [name, value] of Object.entries(secrets)) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dir(), [name]: value }, null);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(new RegExp(`^Invalid ${name}: `));
      expect(message).not.toContain(value);
      expect(message).not.toContain('Pa55word');
    }
    const env = { DATABASE_URL: 'postgres://fyn:Pa55word@db.internal:5432/fyn' };
    expect(redactSecrets('connect ECONNREFUSED postgres://fyn:Pa55word@db.internal:5432/fyn', env)).toBe('connect ECONNREFUSED [DATABASE_URL]');
    expect(redactSecrets('bad url smtp://mailer:Pa55word@smtp.example.com', {})).toBe('bad url smtp://mailer:***@smtp.example.com');
  });

  it('opens developer mode only in development on a loopback HOST or with DEV_MODE=true (issue 8, finding 3)', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), APP_URL: 'https://fyn.example' };
    const cases: [Record<string, string>, boolean, RegExp][] = [
      [{}, true, /loopback HOST 127\.0\.0\.1/],
      [{ HOST: '::1' }, true, /loopback/],
      [{ HOST: '0.0.0.0' }, false, /HOST 0\.0\.0\.0 is not a loopback address/],
      [{ HOST: '0.0.0.0', DEV_MODE: 'true' }, true, /DEV_MODE=true/],
      [{ DEV_MODE: 'false' }, false, /DEV_MODE=false/],
      [{ NODE_ENV: 'test' }, false, /NODE_ENV=test/],
      [prod, false, /NODE_ENV=production/],
      [{ ...prod, DEMO_SEED: 'true' }, false, /NODE_ENV=production/],
    ];
    for (const [env, on, reason] of cases) {
      const c = loadConfig({ DATA_DIR: dir(), ...env }, null);
      expect(c.devMode, JSON.stringify(env)).toBe(on);
      expect(c.devModeReason).toMatch(reason);
      if (!on) expect(c.demoSeed).toBe(false);
    }
    expect(loadConfig({ DATA_DIR: dir(), HOST: '0.0.0.0', DEMO_SEED: 'true' }, null).demoSeed).toBe(false);
  });

  it('takes cards with the local provider in production only when LOCAL_PAYMENTS=true (issue 8, finding 3)', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), APP_URL: 'https://fyn.example', DATA_DIR: dir() };
    expect(loadConfig(prod, null).localPayments).toBe(false);
    expect(loadConfig({ ...prod, LOCAL_PAYMENTS: 'true' }, null).localPayments).toBe(true);
    expect(loadConfig({ DATA_DIR: dir() }, null).localPayments).toBe(true);
  });

  it('never seeds demo data in production or on an external database by default', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), APP_URL: 'https://fyn.example', DATA_DIR: dir() }, null).demoSeed).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/fyn', DATA_DIR: dir() }, null).demoSeed).toBe(false);
  });

  it('uses an AI provider only with AI_BASE_URL, AI_API_KEY and AI_MODEL together; https in production unless on this machine or beside it', () => {
    const ai = { AI_BASE_URL: 'https://api.openai.com/v1/', AI_API_KEY: 'sk-proj-Sup3rS3cret', AI_MODEL: 'gpt-4.1-mini' };
    expect(loadConfig({ DATA_DIR: dir() }, null).ai).toBeNull();
    expect(loadConfig({ DATA_DIR: dir(), ...ai }, null).ai).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-proj-Sup3rS3cret', model: 'gpt-4.1-mini', timeoutMs: 60_000 });
    expect(loadConfig({ DATA_DIR: dir(), ...ai, AI_TIMEOUT_S: '15' }, null).ai?.timeoutMs).toBe(15_000);
    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), APP_URL: 'https://fyn.example', DATA_DIR: dir() };
    for (const url of ['http://127.0.0.1:11434/v1', 'http://[::1]:8000/v1', 'http://ollama:11434/v1']) {
      expect(loadConfig({ ...prod, ...ai, AI_BASE_URL: url }, null).ai?.baseUrl, url).toBe(url);
    }
    const bad: [Record<string, string>, RegExp][] = [
      [{ AI_BASE_URL: ai.AI_BASE_URL }, /^Missing AI_API_KEY and AI_MODEL: AI_BASE_URL, AI_API_KEY and AI_MODEL go together/],
      [{ AI_API_KEY: ai.AI_API_KEY, AI_MODEL: ai.AI_MODEL }, /^Missing AI_BASE_URL: /],
      [{ ...ai, AI_BASE_URL: 'api.openai.com/v1' }, /^Invalid AI_BASE_URL: must be an http:\/\/ or https:\/\/ address/],
      [{ ...ai, AI_BASE_URL: 'ftp://models.example/v1' }, /^Invalid AI_BASE_URL: /],
      [{ ...ai, AI_TIMEOUT_S: '0' }, /^Invalid AI_TIMEOUT_S: must be a number of seconds \(1 to 600\)$/],
      [{ ...prod, ...ai, AI_BASE_URL: 'http://models.example.com/v1' }, /^Invalid AI_BASE_URL: must be https:\/\/ when NODE_ENV=production/],
    ];
    for (const [env, message] of bad) {
      const run = () => loadConfig({ DATA_DIR: dir(), ...env }, null);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(message);
    }
    expect(redactSecrets('401 for key sk-proj-Sup3rS3cret', ai)).toBe('401 for key [AI_API_KEY]');
  });

  it('stops the server with that one line and exit code 1', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: appRoot, env: { ...process.env, PORT: 'eighty', DATA_DIR: dir() }, encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toBe('fyn: Invalid PORT: must be a port number (0 to 65535)');
  });
});
