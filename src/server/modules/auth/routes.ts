import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  loginResult,
  OTP_RESEND_INTERVAL_SECONDS,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  verifyOtpBody,
} from '#shared/api/auth.ts';
import { envelope } from '#shared/api/errors.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalidField, tooManyRequests, unauthenticated } from '../../lib/errors.ts';
import type { ThrottleRule } from '../../lib/throttle.ts';
import { authHeaders, forwardCookies, getSession } from './session.ts';

/**
 * Wrong passwords (docs/product.md#login-throttling): five for one e-mail from one address within
 * 15 minutes lock that pair for 15 minutes, so a colleague elsewhere is not locked out; thirty from
 * one address lock the address; a hundred for one account within an hour, from anywhere, lock the
 * account for 15 minutes against guessing spread over many addresses. The keys do not depend on
 * whether the account exists, so the answers do not either.
 */
const LOGIN_PER_PAIR = { limit: 5, windowSeconds: 900, lockSeconds: 900 };
const LOGIN_PER_IP = { limit: 30, windowSeconds: 900, lockSeconds: 900 };
const LOGIN_PER_ACCOUNT = { limit: 100, windowSeconds: 3600, lockSeconds: 900 };
const ONE_PER_INTERVAL = { limit: 1, windowSeconds: OTP_RESEND_INTERVAL_SECONDS, lockSeconds: OTP_RESEND_INTERVAL_SECONDS };

const loginAccountKey = (email: string) => `login:account:${email}`;

const noContent = { 204: z.null().describe('No content') };
const accepted = { 202: z.null().describe('Accepted') };
const tags = ['auth'];

const code = (err: unknown) => (err instanceof APIError ? String((err.body as { code?: string } | undefined)?.code ?? '') : null);

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { auth, database, throttle } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Moves "current login" to "last login": last_login is the previous login, null on the first. */
  async function recordLogin(userId: string): Promise<boolean> {
    const [row] = await database.db
      .update(users)
      .set({ lastLoginAt: sql`${users.currentLoginAt}`, currentLoginAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ lastLoginAt: users.lastLoginAt });
    return row?.lastLoginAt == null;
  }

  api.post('/api/auth/register', {
    config: { access: 'public' },
    schema: { tags, summary: 'Create an account and mail a 6-digit code', body: registerBody, response: { 201: envelope(z.object({ email: z.string() })) } },
  }, async (req, reply) => {
    const { name, email, password } = req.body;
    // Sign-ups per address, counted whether or not they succeed (each one sends a mail).
    const perAddress = `register:ip:${req.ip}`;
    const wait = await throttle.retryAfter(perAddress);
    if (wait > 0) throw tooManyRequests(wait);
    const locked = await throttle.hit(perAddress, { limit: ctx.config.registrationsPerHour + 1, windowSeconds: 3600, lockSeconds: 3600 });
    if (locked > 0) throw tooManyRequests(locked);
    const [taken] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw invalidField('validation_failed', 'email', 'email_taken');
    await auth.api.signUpEmail({ body: { name, email, password }, headers: authHeaders(req) });
    await throttle.hit(`otp-send:${email}`, ONE_PER_INTERVAL);
    return reply.status(201).send({ data: { email } });
  });

  api.post('/api/auth/verify-otp', {
    config: { access: 'public' },
    schema: { tags, summary: 'Verify the e-mail with its code and log in', body: verifyOtpBody, response: { 200: envelope(loginResult) } },
  }, async (req, reply) => {
    try {
      const res = await auth.api.verifyEmailOTP({ body: req.body, headers: authHeaders(req), returnHeaders: true });
      forwardCookies(reply, res.headers);
      return { data: { first_login: await recordLogin(res.response.user.id) } };
    } catch (err) {
      const c = code(err);
      if (c === 'OTP_EXPIRED') throw invalidField('otp_expired', 'otp', 'otp_expired');
      if (c === 'TOO_MANY_ATTEMPTS') throw invalidField('otp_attempts_exceeded', 'otp', 'otp_attempts_exceeded');
      if (c === 'INVALID_OTP' || c === 'USER_NOT_FOUND') throw invalidField('invalid_otp', 'otp', 'otp_invalid');
      throw err;
    }
  });

  api.post('/api/auth/resend-otp', {
    config: { access: 'public' },
    schema: { tags, summary: 'Mail a new code (at most one a minute)', body: resendOtpBody, response: accepted },
  }, async (req, reply) => {
    const key = `otp-send:${req.body.email}`;
    const wait = await throttle.retryAfter(key);
    if (wait > 0) throw tooManyRequests(wait);
    await throttle.hit(key, ONE_PER_INTERVAL);
    // Sends only to an existing, unverified account; the answer is the same either way.
    const [user] = await database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, req.body.email));
    if (user && !user.verified) {
      await auth.api.sendVerificationOTP({ body: { email: req.body.email, type: 'email-verification' }, headers: authHeaders(req) });
    }
    return reply.status(202).send(null);
  });

  api.post('/api/auth/login', {
    config: { access: 'public' },
    schema: { tags, summary: 'Log in with e-mail and password', body: loginBody, response: { 200: envelope(loginResult) } },
  }, async (req, reply) => {
    const { email, password, remember } = req.body;
    const pair = `login:pair:${email}:${req.ip}`;
    const rules: [string, ThrottleRule][] = [[pair, LOGIN_PER_PAIR], [`login:ip:${req.ip}`, LOGIN_PER_IP], [loginAccountKey(email), LOGIN_PER_ACCOUNT]];
    const wait = Math.max(...(await Promise.all(rules.map(([k]) => throttle.retryAfter(k)))));
    if (wait > 0) throw tooManyRequests(wait);
    try {
      const res = await auth.api.signInEmail({ body: { email, password, rememberMe: remember }, headers: authHeaders(req), returnHeaders: true });
      // Only this pair starts afresh: a login elsewhere must not reset a distributed guesser's count.
      await throttle.reset(pair);
      forwardCookies(reply, res.headers);
      return { data: { first_login: await recordLogin(res.response.user.id) } };
    } catch (err) {
      if (!(err instanceof APIError) || (err.statusCode !== 401 && err.statusCode !== 403)) throw err;
      let locked = 0;
      for (const [key, rule] of rules) locked = Math.max(locked, await throttle.hit(key, rule));
      if (locked > 0) throw tooManyRequests(locked);
      throw new AppError(422, 'invalid_credentials', 'The email or password is incorrect.');
    }
  });

  api.post('/api/auth/logout', { config: { access: 'public' }, schema: { tags, summary: 'Log out', response: noContent } }, async (req, reply) => {
    if (await getSession(ctx, req)) {
      const res = await auth.api.signOut({ headers: authHeaders(req), returnHeaders: true });
      forwardCookies(reply, res.headers);
    }
    return reply.status(204).send(null);
  });

  api.post('/api/auth/forgot-password', {
    config: { access: 'public' },
    schema: { tags, summary: 'Mail a password-reset link (same answer whether or not the account exists)', body: forgotPasswordBody, response: accepted },
  }, async (req, reply) => {
    const key = `reset-send:${req.body.email}`;
    if ((await throttle.retryAfter(key)) === 0) {
      await throttle.hit(key, ONE_PER_INTERVAL);
      await auth.api.requestPasswordReset({ body: { email: req.body.email, redirectTo: '/auth/reset-password' }, headers: authHeaders(req) });
    }
    return reply.status(202).send(null);
  });

  api.post('/api/auth/reset-password', {
    config: { access: 'public' },
    schema: { tags, summary: 'Choose a new password with the mailed token', body: resetPasswordBody, response: noContent },
  }, async (req, reply) => {
    const { email, token, password } = req.body;
    const verification = await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
    const [owner] = verification
      ? await database.db.select({ email: users.email }).from(users).where(eq(users.id, verification.value))
      : [];
    if (!owner || owner.email !== email) throw invalidField('invalid_token', 'token', 'token_invalid');
    try {
      await auth.api.resetPassword({ body: { newPassword: password, token }, headers: authHeaders(req) });
    } catch (err) {
      if (code(err) === 'INVALID_TOKEN') throw invalidField('invalid_token', 'token', 'token_invalid');
      throw err;
    }
    // Whoever reset the password reads the account's mail: its own lock ends.
    await throttle.reset(loginAccountKey(email));
    return reply.status(204).send(null);
  });

  api.put('/api/auth/password', {
    config: { access: 'user' },
    schema: { tags, summary: 'Change the password (other sessions are logged out)', body: changePasswordBody, response: noContent },
  }, async (req, reply) => {
    if (!(await getSession(ctx, req))) throw unauthenticated();
    try {
      const res = await auth.api.changePassword({
        body: { currentPassword: req.body.current_password, newPassword: req.body.password, revokeOtherSessions: true },
        headers: authHeaders(req),
        returnHeaders: true,
      });
      forwardCookies(reply, res.headers);
    } catch (err) {
      if (code(err) === 'INVALID_PASSWORD') throw invalidField('invalid_password', 'current_password', 'current_password_wrong');
      throw err;
    }
    return reply.status(204).send(null);
  });
}
