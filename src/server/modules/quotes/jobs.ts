import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { notify } from '../notifications/notify.ts';
import { auditQuote, decide, loadQuote, today } from './service.ts';

/** Days before the last valid day when the quote's owner is told to chase it. */
export const REMIND_DAYS_BEFORE = 2;

/** A day's date moved by `days` (UTC dates, no time zone shift). */
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Quotes' background jobs (pg-boss, modules/jobs): each morning the owners of sent quotes about to
 * expire are told once; after a quote's last valid day it expires. `day` moves the clock (tests,
 * and an operator catching up); the schedules send none.
 */
export function defineQuoteJobs(ctx: AppContext) {
  const db = ctx.database.db;
  const facts = (q: { number: string; client_name: string; valid_until: unknown }) => ({ number: q.number, client: q.client_name, valid_until: String(q.valid_until).slice(0, 10) });

  ctx.jobs.define<{ day?: string }>({
    name: 'quotes.remind',
    cron: '0 7 * * *',
    retryLimit: 3,
    async handler({ day = today() }) {
      await db.transaction(async (tx) => {
        const due = await rowsOf<{ organisation_id: string; id: string; owner_user_id: string | null; number: string; client_name: string; valid_until: string }>(tx, sql`
          update quotes set reminded_at = now()
           where status = 'sent' and reminded_at is null and valid_until >= ${day}::date and valid_until <= ${plusDays(day, REMIND_DAYS_BEFORE)}::date
          returning organisation_id, id, owner_user_id, number, client_name, valid_until`);
        for (const q of due) {
          if (q.owner_user_id) await notify(tx, { userId: q.owner_user_id, organisationId: q.organisation_id, type: 'quote_expiring', subject: { type: 'quote', id: q.id }, data: facts(q) });
        }
      });
    },
  });

  ctx.jobs.define<{ day?: string }>({
    name: 'quotes.expire',
    cron: '5 0 * * *',
    retryLimit: 3,
    async handler({ day = today() }) {
      const due = await rowsOf<{ organisation_id: string; id: string }>(db, sql`select organisation_id, id from quotes where status = 'sent' and valid_until < ${day}::date`);
      // One transaction per quote: a client accepting at the same moment wins or loses cleanly (the row lock).
      for (const { organisation_id, id } of due) {
        await db.transaction(async (tx) => {
          const loaded = await loadQuote(tx, organisation_id, id, true);
          if (!loaded || loaded.quote.status !== 'sent') return;
          await decide(tx, loaded.quote, 'expired', null);
          await auditQuote(tx, organisation_id, null, 'expire', id, { from: 'sent', to: 'expired', day });
          if (loaded.quote.owner_user_id) await notify(tx, { userId: loaded.quote.owner_user_id, organisationId: organisation_id, type: 'quote_expired', subject: { type: 'quote', id }, data: facts(loaded.quote) });
        });
      }
    },
  });
}
