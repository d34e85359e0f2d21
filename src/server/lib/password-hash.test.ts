import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from '@better-auth/utils/password';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { testConfig } from '../test/harness.ts';
import { PASSWORD_COST, passwordHasher } from './password-hash.ts';

describe('password hashing', () => {
  const real = passwordHasher(PASSWORD_COST);

  it('reads the hashes better-auth writes by default, and better-auth reads ours: the same scrypt cost and format', async () => {
    const theirs = await hashPassword('Harbour-2026 ñ');
    expect(await real.verify({ hash: theirs, password: 'Harbour-2026 ñ' })).toBe(true);
    expect(await real.verify({ hash: theirs, password: 'Harbour-2027 ñ' })).toBe(false);
    const ours = await real.hash('Harbour-2026 ñ');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword(ours, 'Harbour-2026 ñ')).toBe(true);
  });

  it('salts every hash, compares the NFKC form, and refuses a malformed hash without throwing', async () => {
    const cheap = passwordHasher(testConfig().passwordCost);
    const [a, b] = [await cheap.hash('Quay'), await cheap.hash('Quay')];
    expect(a).not.toBe(b);
    // "ﬁ" (U+FB01) is "fi" in NFKC.
    expect(await cheap.verify({ hash: await cheap.hash('Proﬁt-2026'), password: 'Profit-2026' })).toBe(true);
    for (const hash of ['', 'no-colon', ':abc', 'abc:']) expect(await cheap.verify({ hash, password: 'Quay' }), hash).toBe(false);
    // A hash made at one cost does not verify at another: the cost is part of the stored secret.
    expect(await real.verify({ hash: a, password: 'Quay' })).toBe(false);
  });

  it('runs at the real cost in every configuration a server starts with', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fyn-cost-'));
    try {
      for (const env of [{ DATA_DIR: dir }, { DATA_DIR: dir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(48), APP_URL: 'https://fyn.example' }]) {
        expect(loadConfig(env, null).passwordCost).toEqual({ N: 16_384, r: 16, p: 1 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
