import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { contracts, employeesTable, holidays } from '../../db/schema/index.ts';
import { libraryHolidays } from '../hr/holidays.ts';

/**
 * Northwind's people as HR keeps them (issue 13, begun): an employee record and an active contract
 * for each member of staff at Felixstowe, and the public holidays of its offices' countries for the
 * year (England, the Netherlands, China) imported into its own list.
 */
export async function seedDemoHr(ctx: AppContext, orgId: string, ids: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const departments = Object.fromEntries((await rowsOf<{ id: string; name: string }>(db, sql`select id, name from departments where organisation_id = ${orgId}`)).map((d) => [d.name, d.id]));
  const owner = ids['owner@demo.fyn.local'];
  const people: [email: string, title: string, department: string | null, manager: string | null, start: string, type: string, salary: number, probation: number][] = [
    ['owner@demo.fyn.local', 'Managing director', null, null, '2014-03-03', 'permanent', 9_600_000, 0],
    ['admin@demo.fyn.local', 'Operations manager', 'Ocean export', owner, '2017-09-04', 'permanent', 5_450_000, 0],
    ['ocean@demo.fyn.local', 'Ocean export coordinator', 'Ocean export', ids['admin@demo.fyn.local'], '2022-05-16', 'permanent', 3_420_000, 0],
    ['customs@demo.fyn.local', 'Customs declarant', 'Customs brokerage', ids['admin@demo.fyn.local'], '2026-08-03', 'permanent', 3_150_000, 6],
  ];
  await db.transaction(async (tx) => {
    for (const [email, title, department, manager, start, type, salary, probation] of people) {
      const employee = uuidv7();
      await tx.insert(employeesTable).values({
        organisation_id: orgId, id: employee, user_id: ids[email], job_title: title, department_id: department ? departments[department] : null, manager_id: manager,
        work_location: 'GBFXT', employment_type: 'full_time', start_date: start, salary_currency: 'GBP',
      });
      await tx.insert(contracts).values({
        organisation_id: orgId, id: uuidv7(), employee_id: employee, type, status: 'active', start_date: start, probation_months: probation, notice_days: probation ? 7 : 90,
        hours_per_week: '37.5', salary_minor: salary, salary_currency: 'GBP', salary_period: 'year', created_by: owner,
      });
    }
    const year = new Date().getUTCFullYear();
    for (const [country, region] of [['GB', 'ENG'], ['NL', ''], ['CN', '']]) {
      const list = await libraryHolidays(country, year, region);
      await tx.insert(holidays).values(list.map((h) => ({ organisation_id: orgId, id: uuidv7(), country, region, date: h.date, name: h.name, counts: h.counts, note: h.note, source: 'date-holidays' })));
    }
  });
}
