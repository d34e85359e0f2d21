import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClient, createTestApp, latestCode, testConfig, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'Harbour-2026';
let n = 0;
const uniqueEmail = () => `user${++n}-${Date.now()}@example.com`;

/** Registers and verifies an account; answers a logged-in client. */
async function signedUp(email = uniqueEmail(), ip?: string) {
  const client = createClient(t.app, ip);
  expect((await client.post('/api/auth/register', { name: 'Ada Shipper', email, password })).statusCode).toBe(201);
  const res = await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  expect(res.statusCode).toBe(200);
  return { client, email };
}

describe('CSRF', () => {
  it('hands out a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('refuses a state change without a matching header, and changes nothing', async () => {
    const email = uniqueEmail();
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'X', email, password } });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('csrf_mismatch');
    const token = (await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' })).cookies[0].value;
    const wrong = await t.app.inject({
      method: 'POST', url: '/api/auth/register', payload: { name: 'X', email, password },
      headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token + 'x' },
    });
    expect(wrong.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST', url: '/api/auth/register', payload: { name: 'X', email, password },
      headers: { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(403);
    const rows = await t.database.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});

describe('sign-up with an e-mailed code', () => {
  it('registers, mails a 6-digit code, and verifying it logs in', async () => {
    const client = createClient(t.app);
    const email = uniqueEmail();
    const res = await client.post('/api/auth/register', { name: 'Ada Shipper', email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(201);
    const mails = (await client.get(`/api/dev/mail?to=${email}`)).data.data;
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\b\d{6}\b/);
    expect(mails[0].html).toContain('verification code');

    const before = await client.get('/api/user');
    expect(before.statusCode).toBe(401);
    expect(before.data.error.code).toBe('unauthenticated');

    const verified = await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.data).toEqual({ data: { first_login: true } });
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.data.data).toMatchObject({ name: 'Ada Shipper', email, last_login: null, widget_sequence: null, organisation: null, locale: 'en' });
  });

  it('rejects weak passwords, bad e-mails and taken e-mails with field messages', async () => {
    const client = createClient(t.app);
    const weak = await client.post('/api/auth/register', { name: 'A', email: uniqueEmail(), password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.data.error.fields.password).toMatch(/8 characters/);
    const letters = await client.post('/api/auth/register', { name: 'A', email: uniqueEmail(), password: 'onlyletters' });
    expect(letters.data.error.fields.password).toMatch(/digit or symbol/);
    const bad = await client.post('/api/auth/register', { name: '', email: 'not-an-email', password });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.error.fields).sort()).toEqual(['email', 'name']);
    const { email } = await signedUp();
    const taken = await client.post('/api/auth/register', { name: 'B', email, password });
    expect(taken.statusCode).toBe(422);
    expect(taken.data.error.fields.email).toMatch(/already exists/);
  });

  it('refuses a wrong code, and locks the code after five wrong tries', async () => {
    const client = createClient(t.app);
    const email = uniqueEmail();
    await client.post('/api/auth/register', { name: 'A', email, password });
    const code = await latestCode(t.database, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/verify-otp', { email, otp: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.data.error.fields.otp).toBeTruthy();
    }
    const locked = await client.post('/api/auth/verify-otp', { email, otp: code });
    expect(locked.statusCode).toBe(422);
    expect(locked.data.error.code).toBe('otp_attempts_exceeded');
  });

  it('expires codes after ten minutes', async () => {
    const client = createClient(t.app);
    const email = uniqueEmail();
    await client.post('/api/auth/register', { name: 'A', email, password });
    const [row] = await t.database.query<{ n: number }>(
      `select round(extract(epoch from (expires_at - created_at)))::int as n from verifications order by created_at desc limit 1`,
    );
    expect(row.n).toBe(600);
    await t.database.query(`update verifications set expires_at = now() - interval '1 second'`);
    const res = await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
    expect(res.statusCode).toBe(422);
    expect(res.data.error.code).toBe('otp_expired');
  });

  it('resends at most one code a minute', async () => {
    const client = createClient(t.app);
    const email = uniqueEmail();
    await client.post('/api/auth/register', { name: 'A', email, password });
    const soon = await client.post('/api/auth/resend-otp', { email });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    await t.database.query('delete from throttles where key = $1', [`otp-send:${email}`]);
    const again = await client.post('/api/auth/resend-otp', { email });
    expect(again.statusCode).toBe(202);
    const mails = (await client.get(`/api/dev/mail?to=${email}`)).data.data;
    expect(mails).toHaveLength(2);
    expect(await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) })).toMatchObject({ statusCode: 200 });
  });

  it('asks an unverified user to verify before anything else', async () => {
    const client = createClient(t.app);
    const email = uniqueEmail();
    await client.post('/api/auth/register', { name: 'A', email, password });
    expect((await client.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(403);
    expect(me.data.error).toMatchObject({ code: 'email_verification_required', email });
  });
});

describe('login', () => {
  it('logs in, reports the first login, and keeps the previous login as last_login', async () => {
    const { email } = await signedUp();
    const client = createClient(t.app);
    const res = await client.post('/api/auth/login', { email, password, remember: true });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.first_login).toBe(false);
    const session = res.cookies.find((c) => c.name === 'fyn.session_token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.maxAge).toBeGreaterThan(0);
    expect((await client.get('/api/user')).data.data.last_login).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('makes a session cookie without remember me', async () => {
    const { email } = await signedUp();
    const res = await createClient(t.app).post('/api/auth/login', { email, password, remember: false });
    const session = res.cookies.find((c) => c.name === 'fyn.session_token');
    expect(session?.maxAge).toBeUndefined();
    expect(session?.expires).toBeUndefined();
  });

  it('answers wrong credentials the same whether or not the account exists', async () => {
    const { email } = await signedUp();
    const client = createClient(t.app, '10.1.0.1');
    const wrong = await client.post('/api/auth/login', { email, password: 'Wrong-2026' });
    const nobody = await client.post('/api/auth/login', { email: uniqueEmail(), password: 'Wrong-2026' });
    expect(wrong.statusCode).toBe(422);
    expect(nobody.statusCode).toBe(422);
    expect(wrong.body).toBe(nobody.body);
    expect(wrong.data.error.code).toBe('invalid_credentials');
  });

  it('throttles repeated failures with Retry-After, even for the right password', async () => {
    const { email } = await signedUp();
    const client = createClient(t.app, '10.2.0.1');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await client.post('/api/auth/login', { email, password: 'Wrong-2026' })).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 429]);
    const locked = await client.post('/api/auth/login', { email, password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.data.error.code).toBe('too_many_requests');
  });

  it('a lock from one address leaves the account open from another (issue 8, finding 6)', async () => {
    const { email } = await signedUp();
    const attacker = createClient(t.app, '10.3.0.66');
    for (let i = 0; i < 5; i++) await attacker.post('/api/auth/login', { email, password: 'Wrong-2026' });
    expect((await attacker.post('/api/auth/login', { email, password })).statusCode).toBe(429);
    const colleague = createClient(t.app, '10.3.0.7');
    expect((await colleague.post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  /** `count` earlier failures under a throttle key, as if made within the last minutes. */
  const failuresSoFar = (key: string, count: number) =>
    t.database.query(`insert into throttles (key, hits) values ($1, $2::bigint[])`, [key, Array.from({ length: count }, (_, i) => Date.now() - 60_000 + i)]);

  it('locks one address after thirty failures, whichever e-mails it tries, known or not', async () => {
    const guesser = createClient(t.app, '10.4.0.9');
    await failuresSoFar('login:ip:10.4.0.9', 28);
    expect((await guesser.post('/api/auth/login', { email: 'nobody1@example.com', password: 'Wrong-2026' })).statusCode).toBe(422);
    expect((await guesser.post('/api/auth/login', { email: 'nobody2@example.com', password: 'Wrong-2026' })).statusCode).toBe(429);
    const { email } = await signedUp();
    expect((await guesser.post('/api/auth/login', { email, password })).statusCode).toBe(429);
  });

  it('locks an account after a hundred failures from anywhere, and answers an unknown e-mail alike', async () => {
    for (const email of ['spread@example.com', (await signedUp()).email]) {
      await failuresSoFar(`login:account:${email}`, 98);
      expect((await createClient(t.app, '10.5.0.1').post('/api/auth/login', { email, password: 'Wrong-2026' })).statusCode).toBe(422);
      const last = await createClient(t.app, '10.5.0.2').post('/api/auth/login', { email, password: 'Wrong-2026' });
      expect(last.statusCode).toBe(429);
      const fresh = await createClient(t.app, '10.6.0.1').post('/api/auth/login', { email, password });
      expect(fresh.statusCode).toBe(429);
      expect(fresh.data.error.code).toBe('too_many_requests');
    }
  });

  it('reads the session in one query, renews it once a day, and drops it when expired or revoked', async () => {
    const { client, email } = await signedUp();
    const session = async () => (await t.database.query<{ id: string; expires_at: Date }>('select s.id, s.expires_at from sessions s join users u on u.id = s.user_id where u.email = $1', [email]))[0];
    const first = await session();
    const DAY = 86_400_000;
    // Two days into its thirty: due for renewal, which moves the expiry thirty days on from now.
    await t.database.query('update sessions set expires_at = $2 where id = $1', [first.id, new Date(Date.now() + 28 * DAY)]);
    // Changed behind the API's back: as once config.identityReuseMs has passed.
    t.app.ctx.identities.clear();
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(new Date((await session()).expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    // Expired: refused, and the row is gone.
    await t.database.query('update sessions set expires_at = $2 where id = $1', [first.id, new Date(Date.now() - 1000)]);
    t.app.ctx.identities.clear();
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await session()).toBeUndefined();
    // Revoked on the server (another node, an admin): refused once the reuse bound has passed.
    const again = createClient(t.app);
    await again.post('/api/auth/login', { email, password });
    expect((await again.get('/api/user')).statusCode).toBe(200);
    await t.database.query('delete from sessions where id = $1', [(await session()).id]);
    t.app.ctx.identities.clear();
    expect((await again.get('/api/user')).statusCode).toBe(401);
    // A cookie whose signature is not the server's is nobody's, even with a real token.
    const mine = createClient(t.app);
    await mine.post('/api/auth/login', { email, password });
    const [token] = decodeURIComponent(mine.jar.get('fyn.session_token')!).split('.');
    const forged = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `fyn.session_token=${token}.${'A'.repeat(43)}=` } });
    expect(forged.statusCode).toBe(401);
    expect((await mine.get('/api/user')).statusCode).toBe(200);
  });

  it('reuses an identity for reads without a query until a write through this node, or the reuse bound, ends it', async () => {
    const { client, email } = await signedUp();
    let selects = 0;
    const counted = t.database.db.select.bind(t.database.db);
    t.database.db.select = ((...args: Parameters<typeof counted>) => {
      selects++;
      return counted(...args);
    }) as typeof counted;
    try {
      expect((await client.get('/api/user')).statusCode).toBe(200);
      const afterFirst = selects;
      for (let i = 0; i < 5; i++) expect((await client.get('/api/user')).statusCode).toBe(200);
      expect(selects).toBe(afterFirst);
      // A write through this node (a new name) is seen by the very next read.
      expect((await client.request('PATCH', '/api/user', { name: 'Renamed Person' })).statusCode).toBe(200);
      expect((await client.get('/api/user')).data.data.name).toBe('Renamed Person');
      // A write reads its caller afresh; refused, it changes nothing and keeps the reuse for reads.
      const beforeRefused = selects;
      expect((await client.request('PATCH', '/api/user', { name: '' })).statusCode).toBe(422);
      expect(selects).toBe(beforeRefused + 1);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect(selects).toBe(beforeRefused + 1);
    } finally {
      t.database.db.select = counted;
    }
    // Revoked in the database directly (as another node would): this node sees it within the bound.
    const short = await buildApp(testConfig({ identityReuseMs: 300 }), { database: t.database });
    try {
      const other = createClient(short);
      expect((await other.post('/api/auth/login', { email, password })).statusCode).toBe(200);
      expect((await other.get('/api/user')).statusCode).toBe(200);
      await t.database.query('delete from sessions s using users u where u.id = s.user_id and u.email = $1', [email]);
      await expect.poll(async () => (await other.get('/api/user')).statusCode, { timeout: 10_000, interval: 100 }).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('logs out with a POST and the session stops working', async () => {
    const { client } = await signedUp();
    const cookie = client.jar.get('fyn.session_token');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `fyn.session_token=${cookie}` } });
    expect(replay.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(404);
  });
});

describe('passwords', () => {
  it('mails a reset link and the link sets a new password, ending other sessions', async () => {
    const { client: oldSession, email } = await signedUp();
    const client = createClient(t.app);
    expect((await client.post('/api/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(202);
    expect((await client.post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
    const [mail] = (await client.get(`/api/dev/mail?to=${email}`)).data.data;
    expect(mail.subject).toBe('Reset your FYN password');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/auth/reset-password');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token')!;

    const wrongEmail = await client.post('/api/auth/reset-password', { email: uniqueEmail(), token, password: 'New-Harbour-1' });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.data.error.code).toBe('invalid_token');
    const weak = await client.post('/api/auth/reset-password', { email, token, password: 'weak' });
    expect(weak.statusCode).toBe(422);
    expect(weak.data.error.fields.password).toBeTruthy();
    expect((await client.post('/api/auth/reset-password', { email, token, password: 'New-Harbour-1' })).statusCode).toBe(204);
    expect((await client.post('/api/auth/reset-password', { email, token, password: 'New-Harbour-2' })).statusCode).toBe(422);

    expect((await oldSession.get('/api/user')).statusCode).toBe(401);
    expect((await client.post('/api/auth/login', { email, password })).statusCode).toBe(422);
    expect((await client.post('/api/auth/login', { email, password: 'New-Harbour-1' })).statusCode).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const { client, email } = await signedUp();
    const wrong = await client.put('/api/auth/password', { current_password: 'Nope-2026', password: 'Changed-2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.error.fields.current_password).toBeTruthy();
    expect((await client.put('/api/auth/password', { current_password: password, password: 'Changed-2026' })).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await createClient(t.app).post('/api/auth/login', { email, password: 'Changed-2026' })).statusCode).toBe(200);
    expect((await createClient(t.app).put('/api/auth/password', { current_password: 'x', password: 'Changed-2027' })).statusCode).toBe(401);
  });
});

describe('dashboard layout', () => {
  it('saves a valid widget sequence and refuses a malformed one', async () => {
    const { client } = await signedUp();
    const seq = { organisationAnalytics: 2, crm: 1, clock: 0, organisationDepartment: 3, weather: 4, calendar: 5, connections: 0 };
    expect((await client.post('/api/user/widget-positions', { widget_sequence: seq })).statusCode).toBe(204);
    expect((await client.get('/api/user')).data.data.widget_sequence).toEqual(seq);
    const unknown = await client.post('/api/user/widget-positions', { widget_sequence: { stocks: 1 } });
    expect(unknown.statusCode).toBe(422);
    const twice = await client.post('/api/user/widget-positions', { widget_sequence: { crm: 1, clock: 1 } });
    expect(twice.statusCode).toBe(422);
    expect((await client.get('/api/user')).data.data.widget_sequence).toEqual(seq);
    expect((await createClient(t.app).post('/api/user/widget-positions', { widget_sequence: seq })).statusCode).toBe(401);
  });
});

describe('sign-up throttling (issue 8, finding 6)', () => {
  it('allows REGISTRATIONS_PER_HOUR sign-ups per address, then answers 429 to that address only', async () => {
    const config = t.app.ctx.config;
    const usual = config.registrationsPerHour;
    config.registrationsPerHour = 3;
    try {
      const emails: string[] = [];
      const register = (ip: string) => {
        emails.push(uniqueEmail());
        return createClient(t.app, ip).post('/api/auth/register', { name: 'Ada', email: emails.at(-1), password });
      };
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await register('10.7.0.1')).statusCode);
      expect(codes).toEqual([201, 201, 201, 429]);
      expect((await register('10.7.0.2')).statusCode).toBe(201);
      const made = await t.database.query<{ email: string }>('select email from users where email = any($1)', [emails]);
      expect(made.map((u) => u.email).sort()).toEqual([emails[0], emails[1], emails[2], emails[4]].sort());
    } finally {
      config.registrationsPerHour = usual;
    }
  });
});
