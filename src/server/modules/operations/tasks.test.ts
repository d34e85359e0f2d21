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
    // Another organisation's shipment is no link of ours.
    const foreign = (await (await who.owner()).post('/api/shipments', { client_name: 'X', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP' })).data.data.id;
    expect((await northwind.post('/api/tasks', { title: 'Sneaky', shipment_id: foreign })).statusCode).toBe(422);

    // Reassigned to Cleo: she is told; Ana no longer has it.
    expect((await ana.post(`/api/tasks/${id}/assign`, { user_id: cleo.userId })).statusCode).toBe(200);
    expect(titles(await board(cleo, 'scope=mine'))).toContain('Chase the consignee for the customs entry');
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
    const actions = await t.database.query<{ action: string }>('select action from audit_events where entity_id = $1 order by created_at, id', [id]);
    expect(actions.map((a) => a.action)).toEqual(['create', 'reassign', 'complete', 'reopen']);
  });

  it('lets a member without permissions complete their own task, and nothing else', async () => {
    const id = await task({ title: 'Sign the induction sheet', assignee_user_id: ben.userId });
    expect((await ben.post(`/api/tasks/${id}/complete`, {})).statusCode).toBe(200);
    expect((await ben.post(`/api/tasks/${id}/assign`, { user_id: ana.userId })).statusCode).toBe(403);
    expect((await ben.post('/api/tasks', { title: 'Mine' })).statusCode).toBe(403);
    const other = await who.owner();
    expect((await other.post(`/api/tasks/${id}/reopen`, {})).statusCode).toBe(404);
  });
});
