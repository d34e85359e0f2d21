import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { people } from '../../test/people.ts';
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

  it('gives Northwind months of AI use: quote drafts, shipping documents read and client updates written', async () => {
    const owner = await login('owner@demo.fyn.local');
    const total = async (feature: string) => (await owner.get(`/api/ai/usage?feature=${feature}&per_page=100`)).data as { data: { status: string; created_at: string }[]; meta: { total: number } };
    const [drafts, documents, updates] = await Promise.all(['quote_draft', 'shipment_document', 'client_update'].map(total));
    // One call every 2.3 days over 94 days: 41; every third reads a document (13), every fifth of the rest writes an update (6).
    expect([drafts.meta.total, documents.meta.total, updates.meta.total]).toEqual([22, 13, 6]);
    expect(documents.data.every((r) => r.status === 'ok')).toBe(true);
    expect(Date.now() - Date.parse(documents.data.at(-1)!.created_at)).toBeGreaterThan(60 * 86_400_000);
  });

  it('gives Northwind its staff in three departments and three countries, and records of every type', async () => {
    const owner = await login('owner@demo.fyn.local');
    const staff = (await owner.get('/api/staff')).data.data;
    expect(staff.map((s: { role_name: string }) => s.role_name).sort()).toEqual(['Admin', 'Owner', 'Staff', 'Staff', 'Staff', 'Staff']);
    expect(new Set(staff.filter((s: { role_name: string }) => s.role_name === 'Staff').map((s: { department_name: string }) => s.department_name)).size).toBe(3);
    const employees = (await owner.get('/api/employees?per_page=100')).data.data as { work_location: string; salary_currency: string }[];
    expect([...new Set(employees.map((e) => `${e.work_location.slice(0, 2)} ${e.salary_currency}`))].sort()).toEqual(['CN CNY', 'GB GBP', 'NL EUR']);
    const summary = (await owner.get('/api/control-centre/summary')).data.data;
    for (const [name, n] of Object.entries(summary)) expect(n, name).toBeGreaterThan(0);
    const admin = await login('admin@demo.fyn.local');
    expect((await admin.get('/api/charge-codes')).statusCode).toBe(200);
  });

  it('gives Northwind’s developer page a key, an endpoint that delivers nowhere, and a delivery log', async () => {
    const owner = await login('owner@demo.fyn.local');
    const keys = (await owner.get('/api/api-keys')).data.data as { name: string; prefix: string; last_used_at: string | null }[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ name: 'ERP sync (Dynamics)' });
    expect(keys[0].prefix).toMatch(/^fyn_test_/);
    expect(keys[0].last_used_at).not.toBeNull();
    const endpoints = (await owner.get('/api/webhook-endpoints')).data.data as { url: string; enabled: boolean; id: string }[];
    expect(endpoints).toEqual([expect.objectContaining({ url: 'https://erp.northwind-forwarding.example/fyn/webhooks', enabled: false })]);
    const log = (await owner.get(`/api/webhook-deliveries?endpoint_id=${endpoints[0].id}`)).data.data as { status: string; event_type: string }[];
    expect(log.length).toBeGreaterThanOrEqual(4);
    expect(log.some((a) => a.status === 'failed')).toBe(true);
    // Nothing waits to be delivered: the demo sends nothing anywhere.
    expect((await t.database.query(`select 1 from webhook_deliveries where status = 'pending'`)).length).toBe(0);
  });

  it('pays Northwind’s people abroad in their own currencies, by their offices’ components (worked out by hand)', async () => {
    const owner = await login('owner@demo.fyn.local');
    const runs = (await owner.get('/api/payroll-runs')).data.data as { status: string; totals: { currency: string; gross_minor: number; deductions_minor: number; net_minor: number }[] }[];
    expect(runs.map((r) => r.status)).toEqual(['paid', 'paid']);
    for (const run of runs) {
      // Daan, full month: €50,400 ÷ 12 = €4,200.00; pension 6 % = 252.00; wage tax 36.97 % of 3,948.00 = 1,459.5756 → 1,459.58;
      // net 4,200.00 − 1,711.58 = 2,488.42.
      expect(run.totals.find((x) => x.currency === 'EUR')).toEqual({ currency: 'EUR', gross_minor: 420_000, deductions_minor: 171_158, net_minor: 248_842 });
      // Li Na, full month: ¥264,000 ÷ 12 = ¥22,000.00; social 10.5 % = 2,310.00; housing 7 % = 1,540.00;
      // income tax 10 % of (22,000 − 2,310 − 1,540 − 5,000) = 1,315.00; net 22,000 − 5,165.00 = 16,835.00.
      expect(run.totals.find((x) => x.currency === 'CNY')).toEqual({ currency: 'CNY', gross_minor: 2_200_000, deductions_minor: 516_500, net_minor: 1_683_500 });
    }
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
    // Ahmed (two mutual, the same forwarder network), Sven (one mutual), then Gulf Bridge's staff (the network only).
    expect(suggested.slice(0, 2).map((x) => x.name)).toEqual(['Ahmed Al-Mansouri', 'Sven Larsen']);
    expect(suggested[0]).toMatchObject({ mutual: 2, same_network: true });
    expect(suggested.slice(2).map((x) => x.name)).toEqual(['Fatima Haddad', 'Layla Nasser', 'Omar Khalil', 'Rashid Saleh']);
    expect(suggested.slice(2).every((x) => x.same_network && x.mutual === 0)).toBe(true);
    // The partners log in with the demo password, and see the other side.
    const katrin = await login('katrin@hfl.demo.fyn.local');
    expect((await katrin.get('/api/connections/requested')).data.data[0].other.name).toBe('Olivia Owner');
  });

  it('makes a network of about forty people in eight organisations of eight countries', async () => {
    const [{ people }] = await t.database.query<{ people: number }>(`select count(*)::int as people from users where email like '%demo.fyn.local'`);
    expect(people).toBe(40);
    const orgs = await t.database.query<{ name: string; country: string; staff: number }>(
      `select o.name, o.country, count(m.user_id)::int as staff from organisations o join organisation_members m on m.organisation_id = o.id group by o.id order by o.name`,
    );
    expect(orgs).toHaveLength(8);
    expect(new Set(orgs.map((o) => o.country)).size).toBe(8);
    expect(orgs.every((o) => o.staff >= 3)).toBe(true);
    // Sofia, on Northwind's ocean desk, knows people at Hamburg Feeder Lines and in Shanghai.
    const sofia = await login('ocean@demo.fyn.local');
    const hers = (await sofia.get('/api/connections?status=connected')).data.data as { other: { name: string } }[];
    expect(hers.map((c) => c.other.name).sort()).toEqual(['Jonas Becker', 'Zhang Min']);
  });

  it('gives the demo people believable profiles, Olivia’s emergency contact for her and Northwind’s HR only', async () => {
    const owner = await login('owner@demo.fyn.local');
    const me = (await owner.get('/api/user')).data.data;
    const mine = (await owner.get(`/api/profiles/${me.id}`)).data.data;
    expect(mine).toMatchObject({
      job_title: 'Managing director', location: { code: 'GBFXT', name: 'Felixstowe' }, organisation: { name: 'Northwind Forwarding Ltd' }, role: 'Owner',
      languages: ['en', 'fr'], emergency: { name: 'James Owner', relationship: 'Husband' }, settings: { listed: true },
    });
    expect(mine.experience.length).toBeGreaterThanOrEqual(3);
    const admin = await login('admin@demo.fyn.local');
    expect((await admin.get(`/api/profiles/${me.id}`)).data.data.emergency).toMatchObject({ name: 'James Owner' });
    const ocean = await login('ocean@demo.fyn.local');
    expect((await ocean.get(`/api/profiles/${me.id}`)).data.data).not.toHaveProperty('emergency');
    const pieter = await login('pieter@rma.demo.fyn.local');
    const seenByPartner = (await pieter.get(`/api/profiles/${me.id}`)).data.data;
    expect(seenByPartner).toMatchObject({ email: 'owner@demo.fyn.local', phone: null, connection: { status: 'connected' } });
    expect(seenByPartner).not.toHaveProperty('emergency');
    // The partners are where their ports are.
    const pieterId = (await pieter.get('/api/user')).data.data.id;
    expect((await owner.get(`/api/profiles/${pieterId}`)).data.data.location).toEqual({ code: 'NLRTM', name: 'Rotterdam', country: 'NL' });
    const northwind = (await pieter.get(`/api/organisations/${me.organisation.id}/public-profile`)).data.data;
    expect(northwind.people.map((p: { name: string }) => p.name)).toEqual(['Arjun Admin', 'Olivia Owner', 'Sofia Ocean']);
    expect(northwind.certifications.map((c: { name: string }) => c.name)).toContain('AEO Full (AEOF)');
    expect(northwind.networks.map((n: { name: string }) => n.name)).toEqual(['FIATA', 'WCA Inter Global']);
    // Every demo location is a real UN/LOCODE place.
    const profiled = await t.database.query<{ location: string; known: string | null }>('select p.location, l.code as known from profiles p left join locations l on l.code = p.location');
    expect(profiled.length).toBeGreaterThanOrEqual(11);
    expect(profiled.filter((p) => !p.known).map((p) => p.location)).toEqual([]);
  });

  it('gives Olivia a lively feed: partners’ posts, connections-only and organisation posts, ads, comments and likes', async () => {
    const owner = await login('owner@demo.fyn.local');
    const feed = (await owner.get('/api/feed?per_page=50')).data.data as { author: { name: string }; organisation: { name: string } | null; visibility: string; kind: string; like_count: number; comment_count: number; body: string }[];
    expect(feed.length).toBeGreaterThanOrEqual(20);
    expect(new Set(feed.map((p) => p.author.name)).size).toBeGreaterThanOrEqual(8);
    expect(feed.some((p) => p.visibility === 'connections' && p.author.name === 'Li Wei')).toBe(true);
    expect(feed.some((p) => p.visibility === 'connections' && p.organisation?.name === 'Rotterdam Maritime Agency B.V.')).toBe(true);
    expect(feed.some((p) => p.visibility === 'organisation')).toBe(true);
    expect(feed.filter((p) => p.kind !== 'post').length).toBeGreaterThanOrEqual(3);
    expect(feed.some((p) => p.comment_count > 0 && p.like_count > 0)).toBe(true);
    expect(feed.some((p) => /@\[Pieter de Vries\]\(user:[0-9a-f-]{36}\)/.test(p.body))).toBe(true);
    // The counts are those of the rows.
    const [wrong] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from posts p where like_count <> (select count(*) from post_likes l where l.post_id = p.id) or comment_count <> (select count(*) from post_comments c where c.post_id = p.id)`,
    );
    expect(wrong.n).toBe(0);
    // Northwind's ads are within its Growth plan's allowance; Max (no organisation, no connections) sees public posts only.
    const allowance = (await owner.get('/api/organisation/ad-allowance')).data.data;
    expect(allowance.used).toBeLessThanOrEqual(allowance.allowance);
    const max = await login('member@demo.fyn.local');
    const seen = (await max.get('/api/feed?per_page=50')).data.data as { visibility: string }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((p) => p.visibility !== 'public')).toEqual([]);
  });

  it('gives Olivia chats with something unread and notifications for the bell', async () => {
    const olivia = await login('owner@demo.fyn.local');
    const chats = (await olivia.get('/api/chats')).data.data as { title: string | null; kind: string; unread: number; members: { name: string }[] }[];
    expect(chats.map((c) => [c.kind, c.title ?? c.members.map((m) => m.name).join(', '), c.unread])).toEqual([
      ['direct', 'Pieter de Vries', 2],
      ['group', 'Felixstowe operations', 1],
      ['direct', 'Li Wei', 0],
    ]);
    const notes = (await olivia.get('/api/notifications?per_page=50')).data.data as { type: string; actor_count: number }[];
    const types = new Set(notes.map((n) => n.type));
    for (const type of ['message', 'connection_request', 'like']) expect(types, type).toContain(type);
    // Pieter's two unread messages are one notification.
    expect(notes.filter((n) => n.type === 'message').map((n) => n.actor_count).sort()).toEqual([1, 1]);
    const summary = (await olivia.get('/api/notifications/summary')).data.data;
    expect(summary.unseen).toBeGreaterThan(0);
    expect(summary.unread).toBe(notes.length);
  });

  it('gives Northwind its CRM: clients not on FYN, quotes in every status with one booked, rates on real lanes and sell rules', async () => {
    const owner = await login('owner@demo.fyn.local');
    const natives = (await owner.get('/api/native-organisations?per_page=100')).data.data as { name: string; credit_status: string; language: string | null }[];
    expect(natives.length).toBeGreaterThanOrEqual(6);
    expect(new Set(natives.map((n) => n.credit_status))).toEqual(new Set(['ok', 'hold', 'stop']));
    // Clients write in their own language: the assistant's client update takes it (issue 26).
    const languageOf = (prefix: string) => natives.find((n) => n.name.startsWith(prefix))?.language;
    expect([languageOf('Harrogate'), languageOf('Hanseatic'), languageOf('Shenzhen Brightstar')]).toEqual(['en', 'de', 'zh']);
    // The desk's own quotes (the 18 months of history behind the analytics, NW-QH…, are left out).
    const quotes = ((await owner.get('/api/quotes?limit=100&q=Q-')).data.data as { id: string; status: string; number: string }[]).filter((q) => !q.number.startsWith('NW-QH'));
    expect(new Set(quotes.map((q) => q.status))).toEqual(new Set(['draft', 'sent', 'accepted', 'declined', 'expired', 'cancelled']));
    // Numbers follow the quote dates.
    const accepted = (await owner.get(`/api/quotes/${quotes.find((q) => q.status === 'accepted')!.id}`)).data.data;
    const booking = await owner.get(`/api/bookings/${accepted.booking_id}`);
    expect(booking.data.data).toMatchObject({ status: 'received', origin: 'CNNGB', destination: 'GBSOU' });
    expect(accepted.emissions.legs[0].factor_key).toBe('sea_container');
    // Sea lanes resolve to ports and print their port names (CNSHA is Shanghai, not Hongqiao airport); every quote has an estimate.
    const full = await Promise.all(quotes.map(async (q) => (await owner.get(`/api/quotes/${q.id}`)).data.data as { number: string; mode: string; origin: string; origin_name: string; destination_name: string; emissions: unknown; emissions_unavailable: unknown }));
    for (const q of full) {
      expect([q.emissions_unavailable, q.emissions === null], q.number).toEqual([null, false]);
      if (q.mode.startsWith('sea')) expect(`${q.origin_name} ${q.destination_name}`, q.number).not.toMatch(/Apt|Airport/);
    }
    const shanghai = full.find((q) => q.mode === 'sea_fcl' && q.origin === 'CNSHA')!;
    expect(shanghai.origin_name).toBe('Shanghai');
    const pdf = (await pdfText((await owner.get(`/api/quotes/${(shanghai as unknown as { id: string }).id}/pdf?lang=en`)).rawPayload)).replace(/\s+/g, ' ');
    expect(pdf).toContain('Shanghai (CNSHA)');
    expect(full.find((q) => q.mode === 'air' && q.origin === 'CNSHA')).toMatchObject({ origin_name: 'Shanghai Hongqiao International Apt', destination_name: 'Manchester' });
    const shipments = (await owner.get('/api/shipments?limit=100')).data.data as { number: string; mode: string; origin_name: string | null; destination_name: string | null }[];
    for (const s of shipments.filter((x) => x.mode.startsWith('sea'))) expect(`${s.origin_name} ${s.destination_name}`, s.number).not.toMatch(/Apt|Airport|null/);
    // Every lane the issue names has a valid rate.
    for (const [origin, destination, mode] of [['CNSHA', 'GBFXT', 'sea_fcl'], ['HKHKG', 'GBLHR', 'air'], ['NLRTM', 'DEHAM', 'road_ftl']]) {
      const found = (await owner.get(`/api/rates/search?origin=${origin}&destination=${destination}&mode=${mode}&weight_kg=500&volume_cbm=2&equipment=45G1&containers=1`)).data.data;
      expect(found.length, `${origin}-${destination}`).toBeGreaterThan(0);
    }
    expect((await owner.get('/api/sell-rules')).data.data.length).toBeGreaterThanOrEqual(4);
    const leads = (await owner.get('/api/leads?per_page=100')).data.data as { status: string }[];
    expect(new Set(leads.map((l) => l.status))).toEqual(new Set(['new', 'contacted', 'qualified', 'lost']));
    const pipelines = (await owner.get('/api/pipelines')).data.data as { id: string; kind: string }[];
    expect(pipelines.map((p) => p.kind)).toEqual(['connection', 'quote']);
    const boards = await Promise.all(pipelines.map(async (p) => (await owner.get(`/api/pipelines/${p.id}/board`)).data.data));
    const currencies = new Set(boards.flatMap((b) => b.columns.flatMap((c: { deals: { currency: string }[] }) => c.deals.map((d) => d.currency))));
    expect(currencies).toEqual(new Set(['GBP', 'EUR', 'USD']));
    expect(boards.every((b) => b.unconverted.length === 0 && b.totals.weighted_open_minor > 0)).toBe(true);
    // The open quote's e-mail with its link waits in the outbox.
    const [mail] = await t.database.query<{ text: string }>("select text from mail_outbox where subject like '%quotation%' limit 1");
    expect(mail.text).toMatch(/\/quote\/[\w-]{20,}/);
  });

  it('fills the CRM home, client management, carbon offsetting and the commission report with Northwind’s own figures', async () => {
    const owner = await login('owner@demo.fyn.local');
    const summary = (await owner.get('/api/crm/summary')).data.data;
    expect(Object.values(summary.leads as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(summary.win_rate.accepted).toBeGreaterThan(0);
    expect(summary.pipelines.every((p: { open_deals: number }) => p.open_deals > 0)).toBe(true);
    const clients = (await owner.get('/api/clients?per_page=100')).data.data as { kind: string; credit_status: string | null }[];
    expect(new Set(clients.map((c) => c.kind))).toEqual(new Set(['organisation', 'shared_connection', 'native_organisation']));
    expect(new Set(clients.map((c) => c.credit_status).filter(Boolean))).toEqual(new Set(['ok', 'hold', 'stop']));
    const year = new Date().getUTCFullYear();
    const today = new Date().toISOString().slice(0, 10);
    const emissions = (await owner.get(`/api/emissions/report?from=${year}-01-01&to=${today}`)).data.data;
    expect(Number(emissions.emitted_kg)).toBeGreaterThan(0);
    expect(Number(emissions.offset_tonnes)).toBeGreaterThan(0);
    const commission = (await owner.get(`/api/commissions/report?from=${year}-01-01&to=${today}`)).data.data;
    expect(commission.staff.map((s: { name: string }) => s.name)).toContain('Sofia Ocean');
    expect(commission.total_commission_minor).toBeGreaterThan(0);
    const harrogate = clients.find((c) => c.kind === 'native_organisation') as unknown as { id: string };
    expect((await owner.get(`/api/native-organisations/${harrogate.id}/timeline`)).statusCode).toBe(200);
  });

  it('gives Northwind its operations: bookings in every status, shipments by sea, air and road, events, exceptions, tasks and documents', async () => {
    const owner = await login('owner@demo.fyn.local');
    const bookings = (await owner.get('/api/bookings')).data.data as { status: string }[];
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(['received', 'confirmed', 'rejected', 'cancelled', 'completed']));
    // The desk's own jobs (the 18 months of history behind the analytics, NW-H…, are left out).
    const shipments = ((await owner.get('/api/shipments?limit=100&q=S-')).data.data as { id: string; number: string; mode: string; status: string; delay_hours: number | null }[]).filter((s) => !s.number.startsWith('NW-H'));
    expect(new Set(shipments.map((s) => s.mode))).toEqual(new Set(['sea_fcl', 'sea_lcl', 'air', 'road_ftl']));
    expect(new Set(shipments.map((s) => s.status))).toEqual(new Set(['booked', 'in_transit', 'arrived', 'delivered']));
    expect(shipments.some((s) => s.status === 'in_transit' && (s.delay_hours ?? 0) > 24)).toBe(true);
    const open = (await owner.get('/api/exceptions?status=open')).data.data as { kind: string }[];
    expect(new Set(open.map((x) => x.kind))).toEqual(new Set(['eta_slip', 'demurrage_risk', 'cutoff_documents']));
    const types = (await owner.get('/api/documents/types')).data.data as { type: string; documents: number }[];
    expect(types.filter((d) => d.documents > 0).map((d) => d.type).sort()).toEqual(['arrival_notice', 'booking_confirmation', 'collection_destination', 'collection_origin', 'hawb', 'hbl', 'quotation']);
    const sofia = await login('ocean@demo.fyn.local');
    expect((await sofia.get('/api/tasks/meta?scope=mine')).data.data.by_status.todo).toBeGreaterThan(0);
    const withEvents = shipments.find((s) => s.status === 'in_transit')!;
    expect((await owner.get(`/api/shipments/${withEvents.id}/events`)).data.data.length).toBeGreaterThan(3);
    // The LCL job whose ETA moved after its booking confirmation went out: that confirmation is outdated.
    const lcl = shipments.find((s) => s.mode === 'sea_lcl')!;
    const documents = (await owner.get(`/api/shipments/${lcl.id}`)).data.data.documents as { type: string; outdated: boolean }[];
    expect(documents.filter((d) => d.outdated).map((d) => d.type)).toEqual(['booking_confirmation']);
  });

  it('gives the task board believable work across desks: each scope with open, overdue and done tasks, one not taken yet, and assignees told', async () => {
    const tom = await login('customs@demo.fyn.local');
    const board = async (who: Awaited<ReturnType<typeof login>>, query: string) => (await who.get(`/api/tasks/board?${query}`)).data;
    const toms = await board(tom, 'scope=mine&state=overdue');
    expect(toms.data.map((x: { title: string }) => x.title)).toContain('Lodge the import declaration (CDS) for the circuit boards');
    const sofia = await login('ocean@demo.fyn.local');
    const team = await board(sofia, 'scope=team&per_page=100');
    expect(team.meta.department.name).toBe('Ocean export');
    expect(new Set(team.data.map((x: { assignee: { name: string } }) => x.assignee.name))).toEqual(new Set(['Sofia Ocean', 'Daan Jansen']));
    const all = await board(await login('owner@demo.fyn.local'), 'scope=all&per_page=100');
    expect(all.meta.counts.open).toBeGreaterThan(10);
    expect(all.meta.counts.overdue).toBeGreaterThan(0);
    expect(all.meta.counts.done).toBeGreaterThan(0);
    expect(all.meta.counts.due_this_week).toBeGreaterThan(0);
    expect(all.data.some((x: { assignee: unknown }) => x.assignee === null)).toBe(true);
    const told = (await sofia.get('/api/notifications')).data.data as { type: string }[];
    expect(told.map((n) => n.type)).toContain('task_assigned');
  });

  it('gives Northwind an open annual review: Arjun’s completed, Sofia’s waiting for him, goals rolled up from sub-goals', async () => {
    const arjun = await login('admin@demo.fyn.local');
    const mine = (await arjun.get('/api/reviews')).data.data as { status: string; final_score: string | null }[];
    // 30·4 + 30·5 + 20·4 + 20·3 = 410 → 4.10.
    expect(mine).toMatchObject([{ status: 'completed', final_score: '4.10' }]);
    const toDo = (await arjun.get('/api/reviews?scope=to_review&status=manager_review')).data.data as { employee_name: string }[];
    expect(toDo.map((r) => r.employee_name).sort()).toEqual(['Daan Jansen', 'Sofia Ocean']);
    const sofia = await login('ocean@demo.fyn.local');
    const goals = (await sofia.get('/api/goals/mine')).data.data as { title: string; rolled_progress: number }[];
    // Sub-goals 100 (weight 2), 60 and 20 (weight 1 each): (200 + 60 + 20) / 4 = 70.
    expect(goals.find((g) => g.title === 'Cut booking-to-HBL time to 24 h')?.rolled_progress).toBe(70);
  });
});

describe('demo data on a database where someone holds a demo address', () => {
  it('gives Northwind 18 months of shipments and quotes: every month has revenue, the drill-down adds up, Staff see only their own', async () => {
    const owner = await login('owner@demo.fyn.local');
    const res = await owner.get('/api/analytics/summary?group=month');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.data.data;
    expect(s.series).toHaveLength(12);
    expect(s.series.every((p: { revenue_minor: number; shipments: number }) => p.revenue_minor > 0 && p.shipments > 0)).toBe(true);
    expect(s.kpis.gross_profit_minor).toBeGreaterThan(0);
    expect(s.previous.shipments).toBeGreaterThan(0);
    expect(Number(s.kpis.teu)).toBeGreaterThan(0);
    expect(s.kpis.win_rate_pct).not.toBeNull();
    expect(s.kpis.on_time_pct).not.toBeNull();
    for (const dim of ['lane', 'client', 'salesperson', 'carrier', 'mode']) expect(s.breakdowns[dim].length, dim).toBeGreaterThan(1);
    const rows = (await owner.get('/api/analytics/rows?metric=revenue&per_page=5')).data;
    expect(rows.meta.sums.revenue_minor).toBe(s.kpis.revenue_minor);
    expect(rows.data.some((r: { rate_source: string }) => r.rate_source === 'ecb_booking_day')).toBe(true);
    const sofia = await login('ocean@demo.fyn.local');
    expect((await sofia.get('/api/analytics/summary')).statusCode).toBe(403);
    const own = (await sofia.get('/api/analytics/summary?scope=me')).data.data;
    expect(own.kpis.shipments).toBeGreaterThan(0);
    expect(own.kpis.shipments).toBeLessThan(s.kpis.shipments);
  });

  it('binds no account it did not make itself to Northwind', async () => {
    const other = await createTestApp();
    try {
      const squatter = await people(() => other).user('admin@demo.fyn.local');
      await seedDemo(other.app.ctx);
      expect((await squatter.get('/api/user')).data.data.organisation).toBeNull();
      expect(await other.database.query('select 1 from organisation_members where user_id = $1', [squatter.userId])).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
