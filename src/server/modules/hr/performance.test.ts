import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
type Member = Awaited<ReturnType<Owner['join']>>;
let northwind: Owner;
let olivia: Member; // manager (staff role, no HR rights)
let sofia: Member; // employee, reports to Olivia
let tom: Member; // employee, reports to Olivia
const employee: Record<string, string> = {};

const patch = (c: Owner | Member, url: string, body: unknown) => c.request('PATCH', url, body);

async function hire(user: { userId: string }, title: string, manager: string | null) {
  const made = await northwind.post('/api/employees', {
    user_id: user.userId, job_title: title, manager_id: manager, work_location: 'GBFXT', employment_type: 'full_time', start_date: '2025-01-06', salary_currency: 'GBP',
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.data.data.id as string;
}

/** A draft cycle with criteria of these weights. */
async function cycle(name: string, weights: string[]) {
  const made = await northwind.post('/api/review-cycles', { name, period_start: '2026-01-01', period_end: '2026-12-31', rating_scale_max: 5 });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.data.data.id as string;
  const criteria: string[] = [];
  for (const [i, weight] of weights.entries()) {
    const c = await northwind.post('/api/review-criteria', { cycle_id: id, name: `Criterion ${i + 1}`, weight, position: i });
    expect(c.statusCode, c.body).toBe(201);
    criteria.push(c.data.data.id);
  }
  return { id, criteria };
}

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  olivia = await northwind.join(northwind.role('staff'));
  sofia = await northwind.join(northwind.role('staff'));
  tom = await northwind.join(northwind.role('staff'));
  employee.owner = await hire(northwind, 'Managing director', null);
  employee.olivia = await hire(olivia, 'Operations manager', northwind.userId);
  employee.sofia = await hire(sofia, 'Ocean export coordinator', olivia.userId);
  employee.tom = await hire(tom, 'Customs declarant', olivia.userId);
});
afterAll(() => t.close());

describe('review cycles', () => {
  it('opens only with criteria weighing exactly 100, then makes one review per employee reviewed by their manager', async () => {
    const empty = (await northwind.post('/api/review-cycles', { name: 'Empty', period_start: '2026-01-01', period_end: '2026-06-30' })).data.data.id;
    const none = await northwind.post(`/api/review-cycles/${empty}/open`, {});
    expect(none.statusCode).toBe(409);
    expect(none.data.error.code).toBe('cycle_not_ready');

    const c = await cycle('Wrong weights', ['50', '30', '10']);
    const wrong = await northwind.post(`/api/review-cycles/${c.id}/open`, {});
    expect(wrong.statusCode).toBe(409);
    expect(wrong.data.error).toMatchObject({ code: 'cycle_not_ready', fields: { weight: 'Total 90, not 100.' } });
    expect((await northwind.get(`/api/review-cycles/${c.id}/overview`)).data.data).toMatchObject({ status: 'draft', weight_total: '90', criteria: 3 });
    // Only HR opens cycles.
    expect((await olivia.post(`/api/review-cycles/${c.id}/open`, {})).statusCode).toBe(403);

    expect((await patch(northwind, `/api/review-criteria/${c.criteria[2]}`, { weight: '20' })).statusCode).toBe(200);
    const opened = await northwind.post(`/api/review-cycles/${c.id}/open`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.data.data).toMatchObject({ status: 'open', weight_total: '100', reviews: { self_review: 4, manager_review: 0, completed: 0 } });
    // Criteria, weights and the scale are fixed once open; opening twice is refused.
    expect((await patch(northwind, `/api/review-criteria/${c.criteria[0]}`, { weight: '40' })).data.error.code).toBe('cycle_open');
    expect((await northwind.post('/api/review-criteria', { cycle_id: c.id, name: 'Late', weight: '1' })).data.error.code).toBe('cycle_open');
    expect((await patch(northwind, `/api/review-cycles/${c.id}`, { rating_scale_max: 10 })).data.error.code).toBe('cycle_open');
    expect((await northwind.post(`/api/review-cycles/${c.id}/open`, {})).data.error.code).toBe('invalid_transition');

    const all = (await northwind.get(`/api/reviews?scope=all&cycle_id=${c.id}`)).data.data as { employee_id: string; reviewer_id: string | null }[];
    expect(Object.fromEntries(all.map((r) => [r.employee_id, r.reviewer_id]))).toEqual({
      [employee.owner]: null, [employee.olivia]: northwind.userId, [employee.sofia]: olivia.userId, [employee.tom]: olivia.userId,
    });
    expect((await sofia.get(`/api/reviews?scope=all&cycle_id=${c.id}`)).statusCode).toBe(403);
  });
});

describe('reviews', () => {
  let c: { id: string; criteria: string[] };
  let sofiaReview: string;
  let tomReview: string;

  beforeAll(async () => {
    c = await cycle('2026 annual review', ['50', '30', '20']);
    expect((await northwind.post(`/api/review-cycles/${c.id}/open`, {})).statusCode).toBe(200);
    const mine = (await sofia.get('/api/reviews')).data.data as { id: string; cycle_id: string }[];
    sofiaReview = mine.find((r) => r.cycle_id === c.id)!.id;
    tomReview = ((await tom.get(`/api/reviews?cycle_id=${c.id}`)).data.data as { id: string }[])[0].id;
  });

  it('goes self → manager → completed, with the final score weighted by the criteria (50·4 + 30·3 + 20·5) / 100 = 3.90', async () => {
    const [a, b, d] = c.criteria;
    // The manager waits for the self review.
    expect((await olivia.put(`/api/reviews/${sofiaReview}/manager`, { ratings: [] })).data.error.code).toBe('invalid_transition');
    // A rating above the scale, or of another cycle's criterion: 422 with the fields.
    const high = await sofia.put(`/api/reviews/${sofiaReview}/self`, { ratings: [{ criterion_id: a, rating: 6 }] });
    expect(high.statusCode).toBe(422);
    expect(high.data.error.fields).toEqual({ 'ratings.0.rating': 'Rate from 1 to 5.' });
    // A draft, then submitting with a criterion unrated: refused.
    expect((await sofia.put(`/api/reviews/${sofiaReview}/self`, { ratings: [{ criterion_id: a, rating: 5 }, { criterion_id: b, rating: 4 }], comment: 'A good year.' })).statusCode).toBe(200);
    const early = await sofia.put(`/api/reviews/${sofiaReview}/self`, { ratings: [], submit: true });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.data.error.fields)).toEqual([`ratings.${d}`]);
    // Olivia does not see the self ratings of a draft.
    expect((await olivia.get(`/api/reviews/${sofiaReview}`)).data.data).toMatchObject({ self_ratings: [], self_comment: null, may: { self: false, manager: false } });
    // Only Sofia writes her self review.
    expect((await olivia.put(`/api/reviews/${sofiaReview}/self`, { ratings: [] })).statusCode).toBe(403);
    const submitted = await sofia.put(`/api/reviews/${sofiaReview}/self`, { ratings: [{ criterion_id: d, rating: 4 }], submit: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.data.data).toMatchObject({ status: 'manager_review', self_comment: 'A good year.', may: { self: false, manager: false } });
    expect((await sofia.put(`/api/reviews/${sofiaReview}/self`, { ratings: [] })).data.error.code).toBe('invalid_transition');
    // Nobody does the manager review of their own review; another employee cannot either.
    expect((await sofia.put(`/api/reviews/${sofiaReview}/manager`, { ratings: [] })).statusCode).toBe(403);

    const seen = (await olivia.get(`/api/reviews/${sofiaReview}`)).data.data;
    expect(seen.self_ratings).toHaveLength(3);
    expect(seen.may).toEqual({ self: false, manager: true });
    const rated = await olivia.put(`/api/reviews/${sofiaReview}/manager`, { ratings: [{ criterion_id: a, rating: 4 }, { criterion_id: b, rating: 3 }], comment: 'Strong on service.' });
    expect(rated.statusCode, rated.body).toBe(200);
    // Sofia does not see the manager's ratings before completion.
    const hidden = (await sofia.get(`/api/reviews/${sofiaReview}`)).data.data;
    expect(hidden).toMatchObject({ manager_ratings: [], manager_ratings_hidden: true, manager_comment: null, final_score: null });
    const done = await olivia.put(`/api/reviews/${sofiaReview}/manager`, { ratings: [{ criterion_id: d, rating: 5 }], submit: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.data.data).toMatchObject({ status: 'completed', final_score: '3.90' });
    const shown = (await sofia.get(`/api/reviews/${sofiaReview}`)).data.data;
    expect(shown).toMatchObject({ final_score: '3.90', manager_ratings_hidden: false, manager_comment: 'Strong on service.' });
    expect(shown.manager_ratings).toHaveLength(3);
    expect((await olivia.put(`/api/reviews/${sofiaReview}/manager`, { ratings: [] })).data.error.code).toBe('invalid_transition');
    const [audit] = await t.database.query<{ n: number }>("select count(*)::int as n from audit_events where entity_id = $1 and action in ('self_submit', 'manager_submit')", [sofiaReview]);
    expect(audit.n).toBe(2);
  });

  it('shows an employee only their own reviews, and a manager those they review', async () => {
    expect((await tom.get(`/api/reviews/${sofiaReview}`)).statusCode).toBe(404);
    expect((await tom.put(`/api/reviews/${sofiaReview}/self`, { ratings: [] })).statusCode).toBe(404);
    const toReview = (await olivia.get(`/api/reviews?scope=to_review&cycle_id=${c.id}`)).data.data as { employee_id: string }[];
    expect(toReview.map((r) => r.employee_id).sort()).toEqual([employee.sofia, employee.tom].sort());
    expect(((await tom.get('/api/reviews?scope=to_review')).data.data as unknown[]).length).toBe(0);
    // HR sees everyone's.
    expect((await northwind.get(`/api/reviews/${tomReview}`)).statusCode).toBe(200);
  });

  it('keeps a closed cycle’s reviews and goals as they were', async () => {
    const goal = await tom.post('/api/goals', { title: 'Clear 95% of entries same day', cycle_id: c.id });
    expect(goal.statusCode, goal.body).toBe(201);
    expect((await tom.put(`/api/reviews/${tomReview}/self`, { ratings: [{ criterion_id: c.criteria[0], rating: 3 }] })).statusCode).toBe(200);
    expect((await olivia.post(`/api/review-cycles/${c.id}/close`, {})).statusCode).toBe(403);
    const closed = await northwind.post(`/api/review-cycles/${c.id}/close`, {});
    expect(closed.data.data).toMatchObject({ status: 'closed', reviews: { self_review: 3, completed: 1 } });
    const locked = await tom.put(`/api/reviews/${tomReview}/self`, { ratings: [{ criterion_id: c.criteria[0], rating: 4 }], submit: true });
    expect(locked.statusCode).toBe(409);
    expect(locked.data.error.code).toBe('cycle_closed');
    expect((await patch(tom, `/api/goals/${goal.data.data.id}`, { progress: 80 })).data.error.code).toBe('cycle_closed');
    expect((await tom.delete(`/api/goals/${goal.data.data.id}`)).statusCode).toBe(409);
    expect((await tom.post('/api/goals', { title: 'Late', cycle_id: c.id })).data.error.code).toBe('cycle_closed');
    expect((await patch(northwind, `/api/review-cycles/${c.id}`, { name: 'Renamed' })).data.error.code).toBe('cycle_closed');
    const kept = (await tom.get(`/api/reviews/${tomReview}`)).data.data;
    expect(kept).toMatchObject({ status: 'self_review', cycle_status: 'closed', may: { self: false, manager: false } });
    expect(kept.self_ratings).toEqual([{ criterion_id: c.criteria[0], rating: 3, comment: null }]);
    // An unsubmitted self review stays the employee's own, HR included.
    expect((await northwind.get(`/api/reviews/${tomReview}`)).data.data.self_ratings).toEqual([]);
  });
});

describe('goals', () => {
  it('rolls sub-goals’ progress up into their goal, one level deep', async () => {
    const parent = await sofia.post('/api/goals', { title: 'Cut booking-to-HBL time to 24 h', due_date: '2026-09-30' });
    expect(parent.statusCode, parent.body).toBe(201);
    const id = parent.data.data.id as string;
    const one = await sofia.post('/api/goals', { parent_id: id, title: 'Template HBLs for the top 10 consignees', weight: '3', progress: 50 });
    expect(one.statusCode, one.body).toBe(201);
    // Her manager adds one for her.
    const two = await olivia.post('/api/goals', { parent_id: id, title: 'Same-day VGM chasing', weight: '1', progress: 100 });
    expect(two.statusCode, two.body).toBe(201);
    expect(two.data.data.employee_id).toBe(employee.sofia);
    // (3·50 + 1·100) / 4 = 62.5 → 63.
    const mine = (await sofia.get('/api/goals/mine')).data.data as { id: string; rolled_progress: number; progress: number }[];
    expect(mine.find((g) => g.id === id)).toMatchObject({ progress: 0, rolled_progress: 63 });
    // 3·80 + 1·100 = 340 / 4 = 85.
    expect((await patch(sofia, `/api/goals/${one.data.data.id}`, { progress: 80 })).data.data.rolled_progress).toBe(80);
    expect(((await olivia.get(`/api/goals?employee_id=${employee.sofia}`)).data.data as { id: string; rolled_progress: number }[]).find((g) => g.id === id)!.rolled_progress).toBe(85);
    // Dropping one leaves it out: 80.
    await patch(sofia, `/api/goals/${two.data.data.id}`, { status: 'dropped' });
    expect(((await sofia.get('/api/goals/mine')).data.data as { id: string; rolled_progress: number }[]).find((g) => g.id === id)!.rolled_progress).toBe(80);

    const deeper = await sofia.post('/api/goals', { parent_id: one.data.data.id, title: 'Too deep' });
    expect(deeper.statusCode).toBe(422);
    expect(Object.keys(deeper.data.error.fields)).toEqual(['parent_id']);
    expect((await sofia.post('/api/goals', { title: 'Progress', progress: 101 })).statusCode).toBe(422);
  });

  it('refuses a sub-goal naming another cycle than its goal’s, another organisation’s above all, and writes nothing (issue 21 item 7)', async () => {
    const c = { ...(await cycle('Sub-goal cycle', ['100'])), other: (await cycle('Another cycle', ['100'])).id };
    const parent = await sofia.post('/api/goals', { title: 'Fewer rolled containers', cycle_id: c.id });
    expect(parent.statusCode, parent.body).toBe(201);
    const elsewhere = await who.owner();
    const theirs = (await elsewhere.post('/api/review-cycles', { name: 'Their cycle', period_start: '2026-01-01', period_end: '2026-12-31' })).data.data.id as string;
    const count = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from goals')).at(0)!.n);
    const before = await count();
    for (const cycleId of [theirs, c.other]) {
      const res = await sofia.post('/api/goals', { parent_id: parent.data.data.id, title: 'Chase VGMs a day earlier', cycle_id: cycleId });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.data.error.fields).toEqual({ cycle_id: 'Set on the parent goal.' });
    }
    expect(await count()).toBe(before);
    // Its own goal's cycle, or none, is the sub-goal's.
    for (const cycleId of [c.id, null]) {
      const ok = await sofia.post('/api/goals', { parent_id: parent.data.data.id, title: `Chase VGMs ${cycleId ?? 'early'}`, cycle_id: cycleId });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.data.data.cycle_id).toBe(c.id);
    }
  });

  it('lets only the employee, their manager and HR read and change goals', async () => {
    const goal = (await sofia.post('/api/goals', { title: 'Pass the customs AEO audit' })).data.data.id as string;
    expect((await tom.get(`/api/goals?employee_id=${employee.sofia}`)).data.data).toEqual([]);
    expect((await patch(tom, `/api/goals/${goal}`, { progress: 10 })).statusCode).toBe(404);
    expect((await tom.post('/api/goals', { employee_id: employee.sofia, title: 'Not mine to set' })).statusCode).toBe(403);
    expect((await tom.post('/api/goals', { parent_id: goal, title: 'Not mine either' })).statusCode).toBe(422);
    expect((await patch(northwind, `/api/goals/${goal}`, { progress: 10 })).data.data.progress).toBe(10);
    expect((await sofia.delete(`/api/goals/${goal}`)).statusCode).toBe(204);
  });
});
