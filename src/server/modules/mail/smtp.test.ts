import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('mail over SMTP (SMTP_URL)', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('sends the sign-up code to the SMTP server instead of the outbox', async () => {
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'FYN <no-reply@fyn.test>' });
    expect(t.app.ctx.mailer.kind).toBe('smtp');
    const res = await createClient(t.app).post('/api/auth/register', { name: 'Sam Smtp', email: 'sam@example.com', password: 'Harbour-2026' });
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['sam@example.com']);
    expect(received[0].raw).toMatch(/Subject: \d{6} is your FYN verification code/);
    expect(received[0].raw).toContain('From: FYN <no-reply@fyn.test>');
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from mail_outbox');
    expect(n).toBe(0);
  });
});
