/** The Content-Security-Policy lets Stripe.js in only when Stripe is configured (docs/architecture.md#payments). */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';

const apps: TestApp[] = [];
let fake: FakeStripe | undefined;
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await fake?.close();
});

/** A built SPA of one page, so that the app serves pages. */
function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fyn-csp-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>FYN</title>');
  return dir;
}

async function cspOf(t: TestApp): Promise<Record<string, string>> {
  apps.push(t);
  // A page of the SPA: API answers carry the short API set instead (app.test.ts).
  const res = await t.app.inject({ method: 'GET', url: '/quotes' });
  expect(res.headers['content-type']).toContain('text/html');
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('content security policy', () => {
  it('allows Stripe.js, its frames and its API with Stripe', async () => {
    fake = await startFakeStripe();
    const csp = await cspOf(
      await createTestApp({ webDir: webDir(), stripe: { secretKey: fake.secretKey, webhookSecret: 'whsec_test_csp', publishableKey: 'pk_test_csp', apiBase: fake.url } }),
    );
    expect(csp['script-src']).toBe("'self' https://js.stripe.com");
    expect(csp['frame-src']).toBe('https://js.stripe.com https://hooks.stripe.com');
    expect(csp['connect-src']).toBe("'self' https://api.stripe.com");
    expect(csp['default-src']).toBe("'self'");
  });

  it('keeps everything to the site itself without Stripe', async () => {
    const csp = await cspOf(await createTestApp({ webDir: webDir() }));
    expect(csp['script-src']).toBe("'self'");
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['frame-src']).toBeUndefined();
    expect(Object.values(csp).join(' ')).not.toContain('stripe.com');
  });
});
