import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/** The task board (issue 22, item 2): scopes by permission, states, this week, pages and counts; create, assign, complete, reopen. */
let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
type Person = Awaited<ReturnType<Owner['join']>>;
let northwind: Owner;
let ana: Person; // Ocean desk, Staff
let ben: Person; // Ocean desk, a role without any permission
let cleo: Person; // Air desk, Staff
let dan: Person; // no department, Staff

/** A Wednesday: its week runs from Monday 2026-11-23 to Sunday 2026-11-29. */
const TODAY = '2026-11-25';
type Board = { data: { id: string; title: string; overdue: boolean; assignee: { name: string } | null; shipment: { name: string } | null }[]; meta: { total: number; counts: Record<string, number>; scopes: string[]; department: { name: string } | null; week: { from: string; to: string } } };
const board = async (c: { get: Owner['get'] }, query: string): Promise<Board> => {
  const res = await c.get(`/api/tasks/board?today=${TODAY}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
};
const titles = (b: Board) => b.data.map((x) => x.title);

async function task(body: Record<string, unknown>): Promise<string> {
  const res = await northwind.post('/api/tasks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.data.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  const nobody = (await northwind.post('/api/roles', { name: 'Nobody', permissions: [] })).data.data.id;
  [ana, ben, cleo, dan] = [await northwind.join(northwind.role('staff')), await northwind.join(nobody), await northwind.join(northwind.role('staff')), await northwind.join(northwind.role('staff'))];
  const ocean = (await northwind.post('/api/departments', { name: 'Ocean desk' })).data.data.id;
  const air = (await northwind.post('/api/departments', { name: 'Air desk' })).data.data.id;
  for (const [p, d] of [[ana, ocean], [ben, ocean], [cleo, air]] as const) expect((await northwind.request('PATCH', `/api/staff/${p.userId}`, { department_id: d })).statusCode).toBe(200);
  // Ana's: overdue, due today, due Sunday, next week, without a day, done; Ben's: one open; Cleo's: one open; nobody's: one.
  await task({ title: 'A overdue VGM', due_on: '2026-11-20', priority: 'high', assignee_user_id: ana.userId });
  await task({ title: 'A due today', due_on: TODAY, priority: 'urgent', assignee_user_id: ana.userId });
  await task({ title: 'A due Sunday', due_on: '2026-11-29', assignee_user_id: ana.userId });
  await task({ title: 'A next week', due_on: '2026-12-02', assignee_user_id: ana.userId });
  await task({ title: 'A some day', assignee_user_id: ana.userId });
  await task({ title: 'A done', due_on: '2026-11-24', status: 'done', assignee_user_id: ana.userId });
  await task({ title: 'B open', due_on: '2026-11-26', assignee_user_id: ben.userId });
  await task({ title: 'C open', due_on: '2026-11-23', assignee_user_id: cleo.userId });
  await task({ title: 'Nobody’s', due_on: '2026-11-27' });
});
afterAll(() => t.close());

describe('the task board', () => {
  it('shows mine by state and this week, soonest and most urgent first, with the counts of the scope', async () => {
    const open = await board(ana, 'scope=mine');
    expect(titles(open)).toEqual(['A overdue VGM', 'A due today', 'A due Sunday', 'A next week', 'A some day']);
    expect(open.meta).toMatchObject({ total: 5, counts: { open: 5, overdue: 1, done: 1, due_this_week: 2 }, scopes: ['mine', 'team', 'all'], department: { name: 'Ocean desk' }, week: { from: '2026-11-23', to: '2026-11-29' } });
    expect(open.data.map((x) => x.overdue)).toEqual([true, false, false, false, false]);
    expect(titles(await board(ana, 'scope=mine&state=overdue'))).toEqual(['A overdue VGM']);
    expect(titles(await board(ana, 'scope=mine&state=done'))).toEqual(['A done']);
    expect(titles(await board(ana, 'scope=mine&due_this_week=true'))).toEqual(['A due today', 'A due Sunday']);
    expect(titles(await board(ana, 'scope=mine&q=vgm'))).toEqual(['A overdue VGM']);
    // Pages: two of two, then the rest; the total stays.
    const second = await board(ana, 'scope=mine&per_page=2&page=2');
    expect([titles(second), second.meta.total]).toEqual([['A due Sunday', 'A next week'], 5]);
    expect((await board(ana, 'scope=mine&per_page=2&page=9')).data).toEqual([]);
  });

  it('scopes by permission: my team is my department; all needs operations.view; enforced by the server', async () => {
    expect(titles(await board(ana, 'scope=team')).sort()).toEqual(['A due Sunday', 'A due today', 'A next week', 'A overdue VGM', 'A some day', 'B open']);
    expect(titles(await board(cleo, 'scope=team'))).toEqual(['C open']);
    const all = await board(cleo, 'scope=all');
    expect(all.meta.counts.open).toBe(8);
    expect(titles(all)).toContain('Nobody’s');
    // Ben's role holds nothing: his own and his team's, not everyone's.
    expect((await board(ben, 'scope=mine')).meta).toMatchObject({ total: 1, scopes: ['mine', 'team'] });
    expect(titles(await board(ben, 'scope=team'))).toContain('A due today');
    expect((await ben.get('/api/tasks/board?scope=all')).statusCode).toBe(403);
    expect((await ben.get('/api/tasks/meta?scope=all')).statusCode).toBe(403);
    // Dan has no department: no team.
    expect((await board(dan, 'scope=mine')).meta.scopes).toEqual(['mine', 'all']);
    const noTeam = await dan.get('/api/tasks/board?scope=team');
    expect([noTeam.statusCode, Object.keys(noTeam.data.error.fields)]).toEqual([422, ['scope']]);
    // The counts call agrees.
    expect((await ana.get(`/api/tasks/meta?scope=mine&today=${TODAY}`)).data.data).toEqual({ by_status: { todo: 5, in_progress: 0, done: 1, cancelled: 0 }, overdue: 1, due_today: 1, due_this_week: 2 });
    // Another organisation sees none of it.
    const other = await who.owner();
    expect((await board(other, 'scope=all')).meta.counts).toEqual({ open: 0, overdue: 0, done: 0, due_this_week: 0 });
    expect((await board(other, 'scope=all&q=A')).data).toEqual([]);
  });
});

describe('working a task', () => {
  it('creates one for a colleague, linked to a shipment and a client: they are told live; reassigns, completes and reopens', async () => {
    const s = (await northwind.post('/api/shipments', { client_name: 'Harrogate Home & Garden Ltd', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP' })).data.data;
    const client = (await northwind.post('/api/partners', { name: 'Acme Homewares Ltd', kind: 'client', country: 'GB' })).data.data.id;
    const id = await task({ title: 'Chase the consignee for the customs entry', description: 'They still owe the EORI.', due_on: '2026-11-26', priority: 'urgent', assignee_user_id: ana.userId, shipment_id: s.id, partner_id: client });
    const told = await t.database.query<{ type: string; data: Record<string, unknown> }>('select type, data from notifications where user_id = $1 order by created_at desc limit 1', [ana.userId]);
    expect(told[0]).toMatchObject({ type: 'task_assigned', data: { title: 'Chase the consignee for the customs entry' } });
    const live = await t.database.query<{ type: string }>('select type from live_events where user_id = $1', [ana.userId]);
    expect(live.map((e) => e.type)).toContain('notification');
    const mine = (await board(ana, 'scope=mine&q=customs')).data[0];
    expect(mine).toMatchObject({ title: 'Chase the consignee for the customs entry', assignee: { id: ana.userId }, shipment: { id: s.id, name: s.number }, client: { id: client, name: 'Acme Homewares Ltd' } });
    // The search finds it by what it is for too: the shipment's number and client, the client's name.
    expect(titles(await board(ana, `scope=mine&q=${s.number}`))).toEqual(['Chase the consignee for the customs entry']);
    expect(titles(await board(ana, 'scope=mine&q=harrogate home'))).toEqual(['Chase the consignee for the customs entry']);
    const byClient = await board(ana, 'scope=mine&q=ACME HOMEWARES');
    expect([titles(byClient), byClient.meta.counts.open]).toEqual([['Chase the consignee for the customs entry'], 1]);
    // Another organisation's shipment is no link of ours.
    const foreign = (await (await who.owner()).post('/api/shipments', { client_name: 'X', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP' })).data.data.id;
    expect((await northwind.post('/api/tasks', { title: 'Sneaky', shipment_id: foreign })).statusCode).toBe(422);

    // Reassigned to Cleo: she is told; Ana no longer has it, and her board hears of it live.
    const liveOf = async (p: { userId: string }) => (await t.database.query<{ type: string; data: { id?: string; action?: string } }>('select type, data from live_events where user_id = $1 order by id', [p.userId]))
      .filter((e) => e.type === 'task' && e.data.id === id).map((e) => e.data.action);
    expect((await northwind.post(`/api/tasks/${id}/assign`, { user_id: cleo.userId })).statusCode).toBe(200);
    expect(titles(await board(cleo, 'scope=mine'))).toContain('Chase the consignee for the customs entry');
    expect(titles(await board(ana, 'scope=mine'))).not.toContain('Chase the consignee for the customs entry');
    expect(await liveOf(ana)).toEqual(['reassigned']);
    const cleoTold = await t.database.query<{ data: { title: string } }>('select data from notifications where user_id = $1 and type = $2 order by created_at desc', [cleo.userId, 'task_assigned']);
    expect(cleoTold.map((n) => n.data.title)).toEqual(['Chase the consignee for the customs entry', 'C open']);
    // Ben may not complete someone else's task; Cleo completes hers; twice is a conflict.
    expect((await ben.post(`/api/tasks/${id}/complete`, {})).statusCode).toBe(403);
    const done = await cleo.post(`/api/tasks/${id}/complete`, {});
    expect(done.data.data).toMatchObject({ status: 'done', overdue: false });
    expect((await cleo.post(`/api/tasks/${id}/complete`, {})).data.error.code).toBe('invalid_transition');
    // A done task is reopened before it moves on.
    expect((await northwind.request('PATCH', `/api/tasks/${id}`, { status: 'in_progress' })).data.error.code).toBe('invalid_transition');
    expect((await cleo.post(`/api/tasks/${id}/reopen`, {})).data.data.status).toBe('todo');
    // Whoever wrote it hears of both live; Cleo did them herself and hears of neither.
    expect(await liveOf(northwind)).toEqual(['completed', 'reopened']);
    expect(await liveOf(cleo)).toEqual([]);
    // Taken from Cleo: nobody's, and she hears of it.
    const taken = await northwind.post(`/api/tasks/${id}/assign`, { user_id: null });
    expect([taken.statusCode, taken.data.data]).toEqual([200, { id, assignee_user_id: null }]);
    expect((await board(northwind, 'scope=all&q=customs entry')).data[0].assignee).toBeNull();
    expect(await liveOf(cleo)).toEqual(['reassigned']);
    const actions = await t.database.query<{ action: string }>('select action from audit_events where entity_id = $1 order by created_at, id', [id]);
    expect(actions.map((a) => a.action)).toEqual(['create', 'reassign', 'complete', 'reopen', 'unassign']);
  });

  it('lets a member without permissions complete their own task, and nothing else', async () => {
    const id = await task({ title: 'Sign the induction sheet', assignee_user_id: ben.userId });
    expect((await ben.post(`/api/tasks/${id}/complete`, {})).statusCode).toBe(200);
    // Someone else reopening it: Ben's board hears of it.
    expect((await northwind.post(`/api/tasks/${id}/reopen`, {})).statusCode).toBe(200);
    const told = await t.database.query<{ data: { id: string; action: string } }>('select data from live_events where user_id = $1 and type = $2', [ben.userId, 'task']);
    expect(told.map((e) => e.data)).toContainEqual(expect.objectContaining({ id, action: 'reopened' }));
    expect((await ben.post(`/api/tasks/${id}/complete`, {})).statusCode).toBe(200);
    expect((await ben.post(`/api/tasks/${id}/assign`, { user_id: ana.userId })).statusCode).toBe(403);
    expect((await ben.post('/api/tasks', { title: 'Mine' })).statusCode).toBe(403);
    const other = await who.owner();
    expect((await other.post(`/api/tasks/${id}/reopen`, {})).statusCode).toBe(404);
  });
});

describe('the board’s counts, search and who may be assigned', () => {
  it('counts within this week when the board is, and this week’s count is of the state shown; done includes cancelled', async () => {
    await task({ title: 'D overdue Monday', due_on: '2026-11-23', assignee_user_id: dan.userId });
    await task({ title: 'D overdue last week', due_on: '2026-11-18', assignee_user_id: dan.userId });
    await task({ title: 'D due Friday', due_on: '2026-11-27', assignee_user_id: dan.userId });
    await task({ title: 'D done this week', due_on: '2026-11-24', status: 'done', assignee_user_id: dan.userId });
    await task({ title: 'D cancelled', due_on: '2026-11-26', status: 'cancelled', assignee_user_id: dan.userId });
    await task({ title: 'D done earlier', due_on: '2026-11-10', status: 'done', assignee_user_id: dan.userId });
    const open = await board(dan, 'scope=mine');
    expect([open.meta.total, open.meta.counts]).toEqual([3, { open: 3, overdue: 2, done: 3, due_this_week: 2 }]);
    // This week only: every badge counts within it.
    const week = await board(dan, 'scope=mine&due_this_week=true');
    expect([titles(week), week.meta.counts]).toEqual([['D overdue Monday', 'D due Friday'], { open: 2, overdue: 1, done: 2, due_this_week: 2 }]);
    const overdue = await board(dan, 'scope=mine&state=overdue&due_this_week=true');
    expect([titles(overdue), overdue.meta.total, overdue.meta.counts.overdue]).toEqual([['D overdue Monday'], 1, 1]);
    // Done: the done and the cancelled; this week's count is of those.
    const done = await board(dan, 'scope=mine&state=done');
    expect([titles(done).sort(), done.meta.counts.due_this_week]).toEqual([['D cancelled', 'D done earlier', 'D done this week'], 2]);
    expect(titles(await board(dan, 'scope=mine&state=done&due_this_week=true')).sort()).toEqual(['D cancelled', 'D done this week']);
  });

  it('answers whom a task may be given to for a role that creates or changes operations, without staff.view', async () => {
    const desk = (await northwind.post('/api/roles', { name: 'Desk', permissions: ['operations.create', 'operations.update'] })).data.data.id;
    const eve = await northwind.join(desk);
    const gone = await northwind.join(northwind.role('staff'));
    expect((await northwind.request('PATCH', `/api/staff/${gone.userId}`, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await eve.get('/api/staff')).statusCode).toBe(403);
    const res = await eve.get('/api/tasks/assignees');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.data.data as { user_id: string; name: string; department: { name: string } | null }[];
    expect(list.find((x) => x.user_id === ana.userId)).toMatchObject({ department: { name: 'Ocean desk' } });
    expect(list.find((x) => x.user_id === dan.userId)).toMatchObject({ department: null });
    expect(list.map((x) => x.user_id)).toEqual(expect.arrayContaining([northwind.userId, eve.userId, ben.userId, cleo.userId]));
    expect(list.map((x) => x.user_id)).not.toContain(gone.userId);
    expect(Object.keys(list[0]).sort()).toEqual(['department', 'name', 'user_id']);
    // So Eve can give a task to Ana.
    const id = await task({ title: 'Desk hands over' });
    expect((await eve.post(`/api/tasks/${id}/assign`, { user_id: ana.userId })).statusCode).toBe(200);
    // A role without operations permissions is refused; another organisation sees only its own people.
    expect((await ben.get('/api/tasks/assignees')).statusCode).toBe(403);
    const other = await who.owner();
    const theirs = (await other.get('/api/tasks/assignees')).data.data as { user_id: string }[];
    expect(theirs.map((x) => x.user_id)).toEqual([other.userId]);
  });

  it('finds bookings to link by number or client on the server, at most `limit` of them, and a task by its booking', async () => {
    const list = (await northwind.get('/api/charge-codes?per_page=100')).data.data as { id: string; code: string }[];
    const ofr = list.find((c) => c.code === 'OFR')!.id;
    const client = (await northwind.post('/api/native-organisations', { name: 'Whitby Garden Supplies Ltd', type: 'shipper', country: 'GB', email: 'buy@whitby.example', force: true })).data.data.id;
    const booking = async (): Promise<{ id: string; number: string }> => {
      const q = await northwind.post('/api/quotes', {
        client: { type: 'native_organisation', id: client }, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', valid_until: '2099-01-01',
        equipment: [{ iso_type: '45G1', count: 1 }], lines: [{ charge_code_id: ofr, basis: 'per_container', buy: { amount_minor: 100000, currency: 'GBP' }, sell: { amount_minor: 120000, currency: 'GBP' } }],
      });
      expect(q.statusCode, q.body).toBe(201);
      expect((await northwind.post(`/api/quotes/${q.data.data.id}/send`, {})).statusCode).toBe(200);
      const id = (await northwind.post(`/api/quotes/${q.data.data.id}/accept`, {})).data.data.booking_id as string;
      return { id, number: (await northwind.get(`/api/bookings/${id}`)).data.data.number };
    };
    const first = await booking();
    const second = await booking();
    // Without q: as before, the newest first, whole bookings.
    const all = (await northwind.get('/api/bookings')).data.data as { id: string; parties: unknown; client: { name: string } }[];
    expect(all.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(all[0]).toHaveProperty('parties');
    // By number, by client, at most `limit`; another organisation finds none of them.
    expect(((await northwind.get(`/api/bookings?q=${first.number.toLowerCase()}`)).data.data as { id: string }[]).map((b) => b.id)).toEqual([first.id]);
    expect(((await northwind.get('/api/bookings?q=whitby%20garden&limit=1')).data.data as { id: string }[]).map((b) => b.id)).toEqual([second.id]);
    expect((await northwind.get('/api/bookings?q=nothing-like-it')).data.data).toEqual([]);
    expect((await (await who.owner()).get(`/api/bookings?q=${first.number}`)).data.data).toEqual([]);
    expect((await northwind.get('/api/bookings?limit=201')).statusCode).toBe(422);
    // A task for the first booking is found by the booking's number and client.
    await task({ title: 'Send the booking to MSC', booking_id: first.id, assignee_user_id: cleo.userId });
    expect(titles(await board(cleo, `scope=mine&q=${first.number}`))).toEqual(['Send the booking to MSC']);
    expect(titles(await board(cleo, 'scope=mine&q=whitby'))).toEqual(['Send the booking to MSC']);
  });
});
