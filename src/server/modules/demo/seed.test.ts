import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
  await seedDemo(t.app.ctx); // idempotent
});
afterAll(() => t.close());

const login = async (email: string) => {
  const c = createClient(t.app);
  expect((await c.post('/api/auth/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  return c;
};

describe('demo data', () => {
  it('makes Northwind active on a paid plan with invoices, and leaves the member on the free plan', async () => {
    const owner = await login('owner@demo.fyn.local');
    const me = (await owner.get('/api/user')).data.data;
    expect(me.organisation).toMatchObject({ name: 'Northwind Forwarding Ltd', status: 'active' });
    const billing = (await owner.get('/api/billing/subscription')).data.data;
    expect(billing.subscription).toMatchObject({ plan_name: 'Growth', interval: 'month' });
    expect((await owner.get('/api/billing/invoices')).data.data.length).toBeGreaterThanOrEqual(3);
    const member = await login('member@demo.fyn.local');
    expect((await member.get('/api/user')).data.data).toMatchObject({ organisation: null, premium: false });
  });

  it('gives Northwind its staff in two departments and records of every type', async () => {
    const owner = await login('owner@demo.fyn.local');
    const staff = (await owner.get('/api/staff')).data.data;
    expect(staff.map((s: { role_name: string }) => s.role_name).sort()).toEqual(['Admin', 'Owner', 'Staff', 'Staff']);
    expect(new Set(staff.filter((s: { role_name: string }) => s.role_name === 'Staff').map((s: { department_name: string }) => s.department_name)).size).toBe(2);
    const summary = (await owner.get('/api/control-centre/summary')).data.data;
    for (const [name, n] of Object.entries(summary)) expect(n, name).toBeGreaterThan(0);
    const admin = await login('admin@demo.fyn.local');
    expect((await admin.get('/api/charge-codes')).statusCode).toBe(200);
  });

  it('gives Olivia and Northwind a network: connections, invitations to answer and a request of hers still open', async () => {
    const owner = await login('owner@demo.fyn.local');
    expect((await owner.get('/api/connections/counts')).data.data).toEqual({ connected: 2, invitations: 2, requested: 1 });
    expect((await owner.get('/api/connections/counts?as=organisation')).data.data).toEqual({ connected: 2, invitations: 1, requested: 0 });
    const invitations = (await owner.get('/api/connections/invitations')).data.data as { other: { name: string; subtitle: string }; message: string }[];
    expect(invitations.map((c) => c.other.name)).toEqual(['Lucía Martínez', 'Katrin Vogel']);
    expect(invitations[0].other.subtitle).toBe('Valencia Freight Services S.L.');
    const connected = (await owner.get('/api/connections?status=connected')).data.data as { other: { name: string }; shared_with_organisation: boolean }[];
    expect(connected.find((c) => c.other.name === 'Pieter de Vries')?.shared_with_organisation).toBe(true);
    const suggested = (await owner.get('/api/connections/suggestions')).data.data as { name: string; mutual: number; same_network: boolean }[];
    expect(suggested.map((x) => x.name)).toEqual(['Ahmed Al-Mansouri', 'Sven Larsen']);
    expect(suggested[0]).toMatchObject({ mutual: 2, same_network: true });
    // The partners log in with the demo password, and see the other side.
    const katrin = await login('katrin@hfl.demo.fyn.local');
    expect((await katrin.get('/api/connections/requested')).data.data[0].other.name).toBe('Olivia Owner');
  });
});
