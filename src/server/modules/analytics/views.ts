import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { analyticsFilterQuery, analyticsSubscriptionBody, analyticsViewBody, analyticsViewSchema, type AnalyticsView } from '#shared/api/analytics.ts';
import { LOCALES, type Locale } from '#shared/api/user.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgCode } from '../../lib/sql-text.ts';
import { tableFile } from '../../lib/spreadsheet.ts';
import { escapeHtml, mailLayout } from '../mail/templates.ts';
import { can, requireActiveMember, requireMember, type Membership } from '../organisations/membership.ts';
import { renderReportPdf, reportCurrencyText, reportKpiLines, reportMailTexts, reportPeriodText } from './report-pdf.ts';
import { planRows, rowsBatch, summaryOf, unknownFilterRecord, type Filters } from './service.ts';
import { ANALYTICS_ROW_COLUMNS } from '#shared/api/analytics.ts';

/** Rows attached to a mailed report at most (the page exports them all). */
const REPORT_ROWS = 5000;
const idParam = z.object({ id: z.uuid('reference_invalid') });

/** The report period a run on `today` mails: last week (Monday to Sunday) or last month. */
export function reportPeriod(frequency: 'weekly' | 'monthly', today: string): { from: string; to: string } {
  const d = new Date(`${today}T00:00:00Z`);
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  if (frequency === 'monthly') return { from: iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1))), to: iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0))) };
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return { from: iso(new Date(monday.getTime() - 7 * 86_400_000)), to: iso(new Date(monday.getTime() - 86_400_000)) };
}

/** A member as the rules see them, read without a request (the mailing job acts for the subscriber). */
async function membershipOf(db: Db, organisationId: string, userId: string): Promise<(Membership & { locale: Locale }) | null> {
  const [row] = await rowsOf<{ permissions: string[]; name: string; email: string; locale: string }>(db, sql`
    select r.permissions, u.name, u.email, u.locale from organisation_members om join roles r on r.organisation_id = om.organisation_id and r.id = om.role_id join users u on u.id = om.user_id
     where om.organisation_id = ${organisationId} and om.user_id = ${userId} and om.status = 'active'`);
  if (!row) return null;
  const locale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en';
  return { user: { id: userId, name: row.name, email: row.email }, organisation: { id: organisationId }, role: { id: '', name: '', builtin: null }, permissions: new Set(row.permissions), locale } as unknown as Membership & { locale: Locale };
}

async function viewsOf(db: Db, m: Membership): Promise<AnalyticsView[]> {
  const views = await rowsOf<{ id: string; name: string; filters: Record<string, string>; created_at: Date | string }>(db, sql`
    select id, name, filters, created_at from analytics_views where organisation_id = ${m.organisation.id} and user_id = ${m.user.id} order by name`);
  const subs = await rowsOf<{ id: string; view_id: string; user_id: string; name: string; frequency: 'weekly' | 'monthly' }>(db, sql`
    select s.id, s.view_id, s.user_id, u.name, s.frequency from analytics_subscriptions s join users u on u.id = s.user_id
     join analytics_views v on v.organisation_id = s.organisation_id and v.id = s.view_id
     where s.organisation_id = ${m.organisation.id} and v.user_id = ${m.user.id} order by u.name`);
  return views.map((v) => ({
    id: v.id, name: v.name, filters: v.filters, created_at: new Date(v.created_at).toISOString(),
    subscriptions: subs.filter((s) => s.view_id === v.id).map(({ id, user_id, name, frequency }) => ({ id, user_id, name, frequency })),
  }));
}

/**
 * Saved views (a named set of the page's filters, one person's) and reports by mail: the view's owner
 * subscribes members (themselves included) weekly or monthly; a daily job mails each subscriber the KPI
 * summary of the last week or month with the rows as XLSX, as the subscriber may see them (the
 * organisation's figures only with analytics.view, else their own), once per period, the first one at
 * once; a link unsubscribes in one click.
 */
export function registerAnalyticsViews(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['analytics'];

  api.get('/api/analytics/views', {
    config: { access: 'member' },
    schema: { tags, summary: 'My saved views of the analytics page, with who gets each by mail', response: { 200: envelope(z.array(analyticsViewSchema)) } },
  }, async (req) => ({ data: await viewsOf(db, await requireMember(ctx, req)) }));

  api.post('/api/analytics/views', {
    config: { access: 'member' },
    schema: { tags, summary: 'Save the page’s filters with a name (409 duplicate for a name already used)', body: analyticsViewBody, response: { 201: envelope(analyticsViewSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const parsed = analyticsFilterQuery.safeParse(req.body.filters);
    if (!parsed.success) throw new AppError(422, 'validation_failed', 'The filters are not valid.', { filters: parsed.error.issues[0]?.message ?? 'invalid' });
    // Records the filters name are the organisation's own, as a query's are (there a 404).
    const unknown = await unknownFilterRecord(db, m.organisation.id, parsed.data);
    if (unknown) throw new AppError(422, 'validation_failed', `${unknown.what} of the filters is not one of your organisation’s.`, { filters: 'reference_invalid' });
    const id = uuidv7();
    await db.execute(sql`insert into analytics_views (organisation_id, id, user_id, name, filters) values (${m.organisation.id}, ${id}, ${m.user.id}, ${req.body.name}, ${JSON.stringify(req.body.filters)}::jsonb)`).catch((err) => {
      if (pgCode(err) === '23505') throw new AppError(409, 'duplicate', 'You already have a view of that name.', { name: 'Already used.' });
      throw err;
    });
    return reply.status(201).send({ data: (await viewsOf(db, m)).find((v) => v.id === id)! });
  });

  api.delete('/api/analytics/views/:id', {
    config: { access: 'member' },
    schema: { tags, summary: 'Delete one of my saved views (its subscriptions end with it)', params: idParam },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const gone = await rowsOf(db, sql`delete from analytics_views where organisation_id = ${m.organisation.id} and id = ${req.params.id} and user_id = ${m.user.id} returning id`);
    if (!gone.length) throw notFound('The view');
    return reply.status(204).send();
  });

  api.post('/api/analytics/views/:id/subscriptions', {
    config: { access: 'member' },
    schema: { tags, summary: 'Mail a member (an active colleague, or myself) my view weekly or monthly; they get the figures their own permissions show', params: idParam, body: analyticsSubscriptionBody, response: { 201: envelope(analyticsViewSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const [view] = await rowsOf<{ id: string }>(db, sql`select id from analytics_views where organisation_id = ${m.organisation.id} and id = ${req.params.id} and user_id = ${m.user.id}`);
    if (!view) throw notFound('The view');
    await requireActiveMember(db, m.organisation.id, req.body.user_id, 'user_id');
    const [sub] = await rowsOf<{ id: string }>(db, sql`
      insert into analytics_subscriptions (organisation_id, id, view_id, user_id, frequency, created_by)
      values (${m.organisation.id}, ${uuidv7()}, ${view.id}, ${req.body.user_id}, ${req.body.frequency}, ${m.user.id})
      on conflict (organisation_id, view_id, user_id) do update set frequency = excluded.frequency returning id`);
    // With a replica, the report reads it: the job starts once the writer's read-your-own-write window is over (lib/read-replica.ts).
    await ctx.jobs.send('analytics.first-report', { organisation_id: m.organisation.id, id: sub.id }, ctx.database.reader ? { startAfterSeconds: Math.ceil(ctx.config.readYourWritesMs / 1000) } : {});
    return reply.status(201).send({ data: (await viewsOf(db, m)).find((v) => v.id === view.id)! });
  });

  api.delete('/api/analytics/views/:id/subscriptions/:subscription', {
    config: { access: 'member' },
    schema: { tags, summary: 'Stop mailing my view to someone', params: idParam.extend({ subscription: z.uuid('reference_invalid') }) },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const gone = await rowsOf(db, sql`
      delete from analytics_subscriptions s using analytics_views v
       where s.organisation_id = ${m.organisation.id} and s.id = ${req.params.subscription} and s.view_id = ${req.params.id}
         and v.organisation_id = s.organisation_id and v.id = s.view_id and v.user_id = ${m.user.id} returning s.id`);
    if (!gone.length) throw notFound('The subscription');
    return reply.status(204).send();
  });

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as a form, without cookies; the page's button posts no body.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/analytics/unsubscribe/:token', {
      config: { access: 'public' },
      schema: { tags, summary: 'One-click unsubscribe from a mailed report (RFC 8058; the signed token of the mail stands in for a login and the CSRF token; the same answer for any token)', params: z.object({ token: z.string().min(20).max(200) }), response: { 200: envelope(z.object({ view: z.string().nullable() })) } },
    }, async (req) => {
      const sub = verifyUnsubscribeToken(ctx.config.sessionSecret, req.params.token);
      const [gone] = sub ? await rowsOf<{ name: string }>(db, sql`
        with d as (delete from analytics_subscriptions where organisation_id = ${sub.organisation_id} and id = ${sub.id} returning organisation_id, view_id)
        select v.name from d join analytics_views v on v.organisation_id = d.organisation_id and v.id = d.view_id`) : [];
      // The same answer whether or not the link was still valid: a token tells nothing of others.
      return { data: { view: gone?.name ?? null } };
    });
  });

  type Due = { organisation_id: string; id: string; user_id: string; frequency: 'weekly' | 'monthly'; last_period: string | Date | null; name: string; filters: Record<string, string> };
  const dueSql = sql`select s.organisation_id, s.id, s.user_id, s.frequency, s.last_period, v.name, v.filters from analytics_subscriptions s
    join analytics_views v on v.organisation_id = s.organisation_id and v.id = s.view_id`;
  /** Mails one subscription the last complete week or month before `today`, unless that one went already. */
  async function deliver(s: Due, today: string) {
    const period = reportPeriod(s.frequency, today);
    if (s.last_period && String(s.last_period instanceof Date ? s.last_period.toISOString() : s.last_period).slice(0, 10) >= period.from) return;
    const m = await membershipOf(db, s.organisation_id, s.user_id);
    if (!m) return;
    const saved = analyticsFilterQuery.parse(s.filters);
    const filters: Filters = { ...saved, ...period, scope: saved.scope !== 'me' && !can(m, 'analytics.view') ? 'me' : saved.scope };
    await sendReport(ctx, m, s, filters);
    await db.execute(sql`update analytics_subscriptions set last_period = ${period.from} where organisation_id = ${s.organisation_id} and id = ${s.id}`);
  }

  ctx.jobs.define<{ today?: string }>({
    name: 'analytics.reports',
    cron: '0 6 * * *',
    retryLimit: 3,
    async handler({ today = new Date().toISOString().slice(0, 10) } = {}) {
      const d = new Date(`${today}T00:00:00Z`);
      const due = [...(d.getUTCDay() === 1 ? ['weekly'] : []), ...(d.getUTCDate() === 1 ? ['monthly'] : [])];
      if (!due.length) return;
      const subs = await rowsOf<Due>(db, sql`${dueSql} where s.frequency in (${sql.join(due.map((f) => sql`${f}`), sql`, `)})`);
      for (const s of subs) await deliver(s, today);
    },
  });

  // A new subscriber gets the last complete week or month at once; the schedule goes on from there.
  ctx.jobs.define<{ organisation_id: string; id: string; today?: string }>({
    name: 'analytics.first-report',
    retryLimit: 3,
    async handler({ organisation_id, id, today = new Date().toISOString().slice(0, 10) }) {
      const [s] = await rowsOf<Due>(db, sql`${dueSql} where s.organisation_id = ${organisation_id} and s.id = ${id}`);
      if (s) await deliver(s, today);
    },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const unsubscribeMac = (secret: string, organisationId: string, id: string) => createHmac('sha256', secret).update(`analytics-unsubscribe:${organisationId}:${id}`).digest('base64url');

/** The one-click unsubscribe token of a subscription: its ids signed with the server's secret, the same in every mail it gets. */
export const unsubscribeToken = (secret: string, organisationId: string, id: string) => `${organisationId}.${id}.${unsubscribeMac(secret, organisationId, id)}`;

/** The subscription a token names, when its signature holds; null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): { organisation_id: string; id: string } | null {
  const [organisationId, id, mac, ...rest] = token.split('.');
  if (rest.length || !UUID.test(organisationId ?? '') || !UUID.test(id ?? '') || !mac) return null;
  const expected = Buffer.from(unsubscribeMac(secret, organisationId, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { organisation_id: organisationId, id } : null;
}

async function sendReport(ctx: AppContext, m: Membership & { locale: Locale }, s: { organisation_id: string; id: string; name: string; frequency: 'weekly' | 'monthly' }, f: Filters) {
  const db = ctx.database.db;
  // The figures from the replica when there is one: a report runs outside any member's write window.
  const read = ctx.database.reader ?? db;
  const summary = await summaryOf(read, m, f);
  const plan = await planRows(read, m, { ...f, metric: 'revenue' });
  const { rows } = await rowsBatch(read, m, { ...f, metric: 'revenue' }, plan, REPORT_ROWS, { offset: 0 });
  const [xlsx, pdf] = await Promise.all([
    tableFile({ format: 'xlsx', name: `analytics-${summary.period.from}`, sheet: 'rows', header: [...ANALYTICS_ROW_COLUMNS], rows: rows.map((r) => ANALYTICS_ROW_COLUMNS.map((c) => r[c] ?? '')) }),
    renderReportPdf(summary, s.name, m.locale),
  ]);
  const lines = reportKpiLines(summary, m.locale);
  const token = unsubscribeToken(ctx.config.sessionSecret, s.organisation_id, s.id);
  const unsubscribe = `${ctx.config.appUrl}/analytics/unsubscribe/${token}`;
  const open = `${ctx.config.appUrl}/${f.scope === 'organisation' ? 'organisation/analytics' : 'analytics'}?${new URLSearchParams(Object.entries(f).filter(([, v]) => v !== undefined) as [string, string][]).toString()}`;
  // Every word of the mail in the subscriber's language, as the PDF (report-pdf.ts); the view's name is the owner's own.
  const T = reportMailTexts(m.locale);
  const title = `${s.name}: ${reportPeriodText(summary.period, m.locale)}`;
  const about = `${T.frequency[s.frequency]} · ${T.figures[f.scope]} · ${reportCurrencyText(summary.currency, m.locale)}`;
  await ctx.mailer.send({
    to: (m.user as unknown as { email: string }).email,
    subject: `${T.subject} — ${title}`,
    text: `${title}\n${about}\n\n${lines.map(([a, b]) => `${a}: ${b}`).join('\n')}\n\n${T.attached} ${T.open}: ${open}\n\n${T.unsubscribe}: ${unsubscribe}`,
    html: mailLayout(
      `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(about)}</p><table>${lines.map(([a, b]) => `<tr><td>${escapeHtml(a)}</td><td style="text-align:right;padding-left:16px">${escapeHtml(b)}</td></tr>`).join('')}</table>` +
        `<p>${escapeHtml(T.attached)} <a href="${escapeHtml(open)}">${escapeHtml(T.open)}</a>.</p><p><a href="${escapeHtml(unsubscribe)}">${escapeHtml(T.unsubscribeLink)}</a></p>`,
      T.why,
    ),
    // RFC 8058: mail clients offer their own unsubscribe button, which posts to this address without a login.
    headers: { 'List-Unsubscribe': `<${ctx.config.appUrl}/api/analytics/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    attachments: [
      { filename: `analytics-${summary.period.from}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: xlsx },
      { filename: `analytics-${summary.period.from}.pdf`, contentType: 'application/pdf', content: pdf },
    ],
  });
}
