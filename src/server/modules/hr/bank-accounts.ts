import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { bankAccountBody, bankAccountSchema, type BankAccount } from '#shared/api/hr.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { can, requireMember, type Membership } from '../organisations/membership.ts';
import { audit } from '../../lib/audit.ts';

type Row = { employee_id: string; holder: string; iban: string | null; bic: string | null; account_number: string | null; bank_code: string | null; bank_name: string | null; updated_at: unknown };

const present = (r: Row): BankAccount => ({
  employee_id: r.employee_id, holder: r.holder, iban: r.iban, bic: r.bic, account_number: r.account_number, bank_code: r.bank_code, bank_name: r.bank_name,
  updated_at: new Date(r.updated_at as string).toISOString(),
});
/** The last four characters: what the audit log keeps of an account number. */
const masked = (v: string | null) => (v ? `…${v.slice(-4)}` : null);

/**
 * Employees' bank accounts (issue 13, the bank payment file): payroll (`payroll.view`, `payroll.update`)
 * and the employee themself read and write one; to anyone else it does not exist (404).
 */
export function registerBankAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['payroll'];
  const idParam = z.object({ id: z.uuid() });

  /** The employee, if the caller may see (or change) their account: their own, or with the payroll permission. */
  async function employeeFor(m: Membership, id: string, action: 'view' | 'update') {
    const [e] = await rowsOf<{ id: string; user_id: string }>(db, sql`select id, user_id from employees where organisation_id = ${m.organisation.id} and id = ${id}`);
    if (!e || (e.user_id !== m.user.id && !can(m, `payroll.${action}`))) throw notFound('The employee');
    return e;
  }

  api.get('/api/employees/:id/bank-account', {
    config: { access: 'member' },
    schema: { tags, summary: 'The account an employee is paid into (payroll, or the employee themself); null when none is given', params: idParam, response: { 200: envelope(bankAccountSchema.nullable()) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    await employeeFor(m, req.params.id, 'view');
    const [row] = await rowsOf<Row>(db, sql`select * from employee_bank_accounts where organisation_id = ${m.organisation.id} and employee_id = ${req.params.id}`);
    return { data: row ? present(row) : null };
  });

  api.put('/api/employees/:id/bank-account', {
    config: { access: 'member' },
    schema: { tags, summary: 'Give or change the account an employee is paid into (payroll.update, or the employee themself)', params: idParam, body: bankAccountBody, response: { 200: envelope(bankAccountSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const e = await employeeFor(m, req.params.id, 'update');
    const b = req.body;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into employee_bank_accounts (organisation_id, employee_id, holder, iban, bic, account_number, bank_code, bank_name, updated_by, updated_at)
        values (${m.organisation.id}, ${e.id}, ${b.holder}, ${b.iban}, ${b.bic}, ${b.account_number}, ${b.bank_code}, ${b.bank_name}, ${m.user.id}, now())
        on conflict (organisation_id, employee_id) do update set holder = excluded.holder, iban = excluded.iban, bic = excluded.bic, account_number = excluded.account_number,
          bank_code = excluded.bank_code, bank_name = excluded.bank_name, updated_by = excluded.updated_by, updated_at = now()`);
      await audit(tx, m.organisation.id, m.user.id, 'employee_bank_accounts', 'update', e.id, { holder: b.holder, iban: masked(b.iban), account_number: masked(b.account_number), bank_name: b.bank_name });
    });
    const [row] = await rowsOf<Row>(db, sql`select * from employee_bank_accounts where organisation_id = ${m.organisation.id} and employee_id = ${e.id}`);
    return { data: present(row) };
  });
}
