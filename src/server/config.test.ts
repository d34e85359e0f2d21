import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
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

  it('names the variable of a bad value in one line', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /^Invalid PORT="abc": /],
      [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL=/],
      [{ SMTP_URL: 'mail.example.com' }, /^Invalid SMTP_URL=/],
      [{ NODE_ENV: 'prod' }, /^Invalid NODE_ENV=/],
      [{ NODE_ENV: 'production', APP_URL: 'https://fyn.example' }, /^Missing SESSION_SECRET/],
      [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, /^Missing APP_URL/],
      [{ SESSION_SECRET: 'short' }, /^Invalid SESSION_SECRET=/],
    ];
    for (const [env, message] of bad) {
      const run = () => loadConfig({ DATA_DIR: dir(), ...env }, null);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(message);
    }
  });

  it('never seeds demo data in production or on an external database by default', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), APP_URL: 'https://fyn.example', DATA_DIR: dir() }, null).demoSeed).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/fyn', DATA_DIR: dir() }, null).demoSeed).toBe(false);
  });

  it('stops the server with that one line and exit code 1', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: appRoot, env: { ...process.env, PORT: 'eighty', DATA_DIR: dir() }, encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toBe('fyn: Invalid PORT="eighty": must be a port number (0 to 65535)');
  });
});
