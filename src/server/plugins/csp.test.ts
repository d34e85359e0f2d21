/** The Content-Security-Policy lets Stripe.js in only when Stripe is configured (docs/architecture.md#payments). */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';

const apps: TestApp[] = [];
let fake: FakeStripe | undefined;
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await fake?.close();
});

async function cspOf(t: TestApp): Promise<Record<string, string>> {
  apps.push(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
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
      await createTestApp({ stripe: { secretKey: fake.secretKey, webhookSecret: 'whsec_test_csp', publishableKey: 'pk_test_csp', apiBase: fake.url } }),
    );
    expect(csp['script-src']).toBe("'self' https://js.stripe.com");
    expect(csp['frame-src']).toBe('https://js.stripe.com https://hooks.stripe.com');
    expect(csp['connect-src']).toBe("'self' https://api.stripe.com");
    expect(csp['default-src']).toBe("'self'");
  });

  it('keeps everything to the site itself without Stripe', async () => {
    const csp = await cspOf(await createTestApp());
    expect(csp['script-src']).toBe("'self'");
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['frame-src']).toBeUndefined();
    expect(Object.values(csp).join(' ')).not.toContain('stripe.com');
  });
});
