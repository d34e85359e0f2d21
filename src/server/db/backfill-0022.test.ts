import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_ANNUAL_POLICY, STANDARD_LEAVE_TYPES } from '#shared/resources/hr.ts';
import { STANDARD_TASK_TEMPLATES } from '#shared/resources/operations.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';

let t: TestApp;
const who = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements of migration 0022 that give older organisations the standard leave types, annual policy and task checklists. */
const backfill = readFileSync(new URL('./migrations/0022_performance_recruitment.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .filter((s) => /INSERT INTO "(leave_types|leave_policies|task_templates|recruitment_stages)"/.test(s));

describe('migration 0022 backfill', () => {
  it('gives an organisation without them the same standard lists that new organisations get, and leaves others alone', async () => {
    const old = await who.owner();
    const kept = await who.owner();
    const { query } = t.database;
    // An organisation as it was before migrations 0016 and 0019: no leave types, policies, checklists or stages.
    for (const table of ['leave_policies', 'leave_types', 'task_templates', 'recruitment_stages']) await query(`delete from ${table} where organisation_id = $1`, [old.orgId]);
    const before = await query<{ n: number }>('select count(*)::int as n from task_templates where organisation_id = $1', [kept.orgId]);
    for (const statement of backfill) await query(statement);

    const types = await query<Record<string, unknown>>('select code, name, paid, deducts_balance, requires_hr_approval, allow_half_days from leave_types where organisation_id = $1 order by code', [old.orgId]);
    expect(types).toEqual([...STANDARD_LEAVE_TYPES].sort((a, b) => a.code.localeCompare(b.code)));
    const [policy] = await query<Record<string, unknown>>('select name, yearly_allowance, accrual, carry_forward_limit, carry_forward_expiry_months from leave_policies where organisation_id = $1', [old.orgId]);
    expect(policy).toEqual(STANDARD_ANNUAL_POLICY);
    const templates = await query<Record<string, unknown>>('select title, attach_to, anchor, offset_days, mode, priority from task_templates where organisation_id = $1 order by title, mode', [old.orgId]);
    const sort = (rows: readonly Record<string, unknown>[]) => [...rows].sort((a, b) => `${a.title}|${a.mode}`.localeCompare(`${b.title}|${b.mode}`));
    expect(sort(templates)).toEqual(sort(STANDARD_TASK_TEMPLATES));
    // The standard recruitment pipeline too.
    expect((await query<{ n: number }>('select count(*)::int as n from recruitment_stages where organisation_id = $1', [old.orgId]))[0].n).toBe(6);
    // An organisation that had its lists keeps exactly them.
    expect((await query<{ n: number }>('select count(*)::int as n from task_templates where organisation_id = $1', [kept.orgId]))[0].n).toBe(before[0].n);
    expect((await query<{ n: number }>('select count(*)::int as n from leave_types where organisation_id = $1', [kept.orgId]))[0].n).toBe(STANDARD_LEAVE_TYPES.length);
  });
});
