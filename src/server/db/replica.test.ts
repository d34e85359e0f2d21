/**
 * The read replica (DATABASE_READ_URL) against a real streaming standby made here: a primary
 * (initdb) and a standby (pg_basebackup -R) in a temporary folder, each on a free port of
 * 127.0.0.1. With the standby's replay paused, what a list or an export shows tells which server
 * answered: a member's reads go to the primary within the window after their own write, and to the
 * replica otherwise; writes never touch it. Skipped, with the reason, where PostgreSQL's server
 * programs are not installed, and in the embedded run (it needs no DATABASE_URL, but takes minutes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { freePort } from '../test/app-process.ts';
import { createClient, testConfig, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';
import { WROTE_COOKIE } from '../lib/read-replica.ts';
import { openDatabase } from './client.ts';

/** The folder of PostgreSQL's server programs (PG_BIN, else Debian's newest), or why there is none. */
function serverPrograms(): { bin: string } | { missing: string } {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql').sort((x, y) => Number(y) - Number(x)).map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  const bin = candidates.find((d) => ['initdb', 'pg_ctl', 'pg_basebackup'].every((p) => existsSync(join(d, p))));
  return bin ? { bin } : { missing: 'pg_basebackup, initdb and pg_ctl are not installed (Debian: postgresql; or set PG_BIN)' };
}

// Once per CI run, in its PostgreSQL run: it makes two servers of its own and migrates one.
const found: { bin: string } | { missing: string } = process.env.DATABASE_URL ? serverPrograms() : { missing: 'runs with the PostgreSQL suite only (DATABASE_URL set)' };
const asRoot = process.getuid?.() === 0;
/** Runs a server program, as `postgres` when the tests run as root (PostgreSQL refuses root). */
const run = (bin: string, program: string, args: string[]) =>
  asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, program), args, { stdio: 'pipe' });

const WINDOW_MS = 1_500;
let dir = '';
let t: TestApp | undefined;
let other: FastifyInstance | undefined;
const servers: string[] = [];
let standby: pg.Client | undefined;
const p = people(() => t!);

describe('read replica on a streaming standby', () => {
  beforeAll(async () => {
    if ('missing' in found) return;
    const { bin } = found;
    dir = mkdtempSync(join(tmpdir(), 'fyn-replica-'));
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const primary = join(dir, 'primary');
    const replica = join(dir, 'standby');
    run(bin, 'initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    appendFileSync(primary + '/postgresql.conf', `\nlisten_addresses = '127.0.0.1'\nport = ${primaryPort}\nunix_socket_directories = '${dir}'\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\n`);
    run(bin, 'pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start']);
    servers.push(primary);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/fyn`;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query('create database fyn');
    await admin.end();
    const migrating = await openDatabase({ url: primaryUrl, poolSize: 2 });
    await migrating.migrate();
    await migrating.close();
    // The places the tests' shipments go between (a new database has no UN/LOCODE import, and a
    // shipment's places must be known locations).
    const seeding = new pg.Client({ connectionString: primaryUrl });
    await seeding.connect();
    await seeding.query(`insert into locations (code, country, name, search_name, functions) values
      ('CNSHA', 'CN', 'Shanghai', 'shanghai', '{port}'), ('GBFXT', 'GB', 'Felixstowe', 'felixstowe', '{port}')`);
    await seeding.end();
    // The standby: a base backup that streams from the primary from then on (-R writes its settings).
    // A fast checkpoint to start it: the default spreads the checkpoint's writes over most of
    // checkpoint_timeout, and the backup waited 2.5 minutes for it.
    run(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast']);
    appendFileSync(replica + '/postgresql.conf', `\nport = ${standbyPort}\n`);
    run(bin, 'pg_ctl', ['-D', replica, '-l', join(dir, 'standby.log'), '-w', 'start']);
    servers.push(replica);
    const replicaUrl = `postgres://postgres@127.0.0.1:${standbyPort}/fyn`;
    standby = new pg.Client({ connectionString: replicaUrl });
    await standby.connect();
    expect((await standby.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);
    const database = await openDatabase({ url: primaryUrl, readUrl: replicaUrl, poolSize: 4 });
    const app = await buildApp(testConfig({ databaseUrl: primaryUrl, databaseListenUrl: primaryUrl, databaseReadUrl: replicaUrl, readYourWritesMs: WINDOW_MS }), { database });
    await app.ready();
    other = await buildApp(testConfig({ databaseUrl: primaryUrl, databaseListenUrl: primaryUrl, databaseReadUrl: replicaUrl, readYourWritesMs: WINDOW_MS }), { database });
    await other.ready();
    t = { app, database, close: async () => { await other?.close(); await app.close(); await database.close(); } };
  }, 420_000);

  afterAll(async () => {
    await standby?.end().catch(() => {});
    await t?.close();
    if ('bin' in found) for (const d of servers.reverse()) run(found.bin, 'pg_ctl', ['-D', d, '-m', 'immediate', 'stop']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** Until the standby has replayed everything the primary committed so far. */
  async function caughtUp() {
    const [{ lsn }] = await t!.database.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    for (let i = 0; i < 100; i++) {
      const { rows } = await standby!.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn]);
      if (rows[0].ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the standby did not catch up');
  }

  it('a member reads their own write from the primary for the window, everyone else from the replica', async (ctx) => {
    if ('missing' in found) return ctx.skip(found.missing);
    const ana = await p.owner();
    const ben = await ana.join(ana.role('admin'));
    const names = async (c: Pick<ReturnType<typeof createClient>, 'get'>, perPage = 100) => ((await c.get(`/api/departments?per_page=${perPage}`)).data.data as { name: string }[]).map((d) => d.name);
    expect((await ana.post('/api/departments', { name: 'Harbour Desk' })).statusCode).toBe(201);
    await caughtUp();
    // Both wrote a moment ago (Ana the department, Ben his acceptance): the window passes, and their
    // browsers' cookies expire (the test's cookie jar keeps them: they are dropped by hand).
    ana.jar.delete(WROTE_COOKIE);
    ben.jar.delete(WROTE_COOKIE);
    await new Promise((r) => setTimeout(r, WINDOW_MS));

    // The standby stops replaying: from now on it shows the past.
    await standby!.query('select pg_wal_replay_pause()');
    for (let i = 0; i < 100 && (await standby!.query<{ s: string }>('select pg_get_wal_replay_pause_state() as s')).rows[0].s !== 'paused'; i++) await new Promise((r) => setTimeout(r, 50));
    try {
      const made = await ana.post('/api/departments', { name: 'Night Desk' });
      expect(made.statusCode).toBe(201);
      expect(String(made.headers['set-cookie'])).toContain(`${WROTE_COOKIE}=1`);
      // Ben did not write: his list comes from the replica. Ana just wrote: hers from the primary.
      // (Each read a page of its own: a page the primary answered is kept in memory, and served to
      // anyone until the table changes, which is fresher still.)
      const benSees = await names(ben, 100);
      expect(benSees).toContain('Harbour Desk');
      expect(benSees).not.toContain('Night Desk');
      expect(await names(ana, 99)).toEqual(expect.arrayContaining(['Harbour Desk', 'Night Desk']));
      // Ana on another node (no memory of her write there) with her browser's cookie: still the primary.
      const onOther = createClient(other!);
      for (const [k, v] of ana.jar) onOther.jar.set(k, v);
      expect(await names(onOther, 98)).toContain('Night Desk');
      onOther.jar.delete(WROTE_COOKIE);
      expect(await names(onOther, 97)).not.toContain('Night Desk');
      // The window over (the cookie expired in her browser): Ana reads the replica too, lists and exports.
      await new Promise((r) => setTimeout(r, WINDOW_MS + 100));
      ana.jar.delete(WROTE_COOKIE);
      expect(await names(ana, 96)).not.toContain('Night Desk');
      const csv = (await ana.get('/api/departments/export?format=csv')).body;
      expect(csv).toContain('Harbour Desk');
      expect(csv).not.toContain('Night Desk');
    } finally {
      await standby!.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await names(ben, 95)).toContain('Night Desk');
    expect(await names(ana, 94)).toContain('Night Desk');
  }, 60_000);

  it('global search and analytics read the replica too, under the same window', async (ctx) => {
    if ('missing' in found) return ctx.skip(found.missing);
    const ana = await p.owner();
    const ben = await ana.join(ana.role('admin'));
    const client = await ana.post('/api/native-organisations', { name: 'Quayside Ceramics Ltd', type: 'shipper', country: 'GB', force: true });
    expect(client.statusCode, client.body).toBe(201);
    const shipment = () => ana.post('/api/shipments', { client: { type: 'native_organisation', id: client.data.data.id }, mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', charges: [{ quoted_sell_minor: 10000, quoted_buy_minor: 8000, actual_sell_minor: null, actual_buy_minor: null }] });
    expect((await shipment()).statusCode).toBe(201);
    await caughtUp();
    ana.jar.delete(WROTE_COOKIE);
    ben.jar.delete(WROTE_COOKIE);
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const searched = async (c: Pick<ReturnType<typeof createClient>, 'get'>, q: string) => ((await c.get(`/api/search?q=${encodeURIComponent(q)}`)).data.data.native_organisations as { name: string }[]).map((o) => o.name);
    const shipments = async (c: Pick<ReturnType<typeof createClient>, 'get'>) => {
      const res = await c.get('/api/analytics/summary?scope=organisation');
      expect(res.statusCode, res.body).toBe(200);
      return res.data.data.kpis.shipments as number;
    };
    expect(await shipments(ben)).toBe(1);

    await standby!.query('select pg_wal_replay_pause()');
    for (let i = 0; i < 100 && (await standby!.query<{ s: string }>('select pg_get_wal_replay_pause_state() as s')).rows[0].s !== 'paused'; i++) await new Promise((r) => setTimeout(r, 50));
    try {
      expect((await ana.post('/api/native-organisations', { name: 'Quayside Glassworks Ltd', type: 'shipper', country: 'GB', force: true })).statusCode).toBe(201);
      expect((await shipment()).statusCode).toBe(201);
      // Ben did not write: the replica answers (the past). Ana just wrote: the primary.
      expect(await searched(ben, 'Quayside')).toEqual(['Quayside Ceramics Ltd']);
      expect(await searched(ana, 'Quayside')).toEqual(expect.arrayContaining(['Quayside Ceramics Ltd', 'Quayside Glassworks Ltd']));
      expect(await shipments(ben)).toBe(1);
      expect(await shipments(ana)).toBe(2);
      // Her window over, Ana reads the replica too.
      await new Promise((r) => setTimeout(r, WINDOW_MS + 100));
      ana.jar.delete(WROTE_COOKIE);
      expect(await searched(ana, 'Quayside')).toEqual(['Quayside Ceramics Ltd']);
      expect(await shipments(ana)).toBe(1);
    } finally {
      await standby!.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await shipments(ben)).toBe(2);
    expect(await searched(ben, 'Quayside')).toHaveLength(2);
  }, 60_000);
});
