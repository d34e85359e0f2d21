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
import { authHeaders, forwardCookies, getSession } from './session.ts';

/** Five wrong passwords for one e-mail within 15 minutes lock it for 15 minutes; 30 per address. */
const LOGIN_PER_EMAIL = { limit: 5, windowSeconds: 900, lockSeconds: 900 };
const LOGIN_PER_IP = { limit: 30, windowSeconds: 900, lockSeconds: 900 };
const ONE_PER_INTERVAL = { limit: 1, windowSeconds: OTP_RESEND_INTERVAL_SECONDS, lockSeconds: OTP_RESEND_INTERVAL_SECONDS };

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
    schema: { tags, summary: 'Create an account and mail a 6-digit code', body: registerBody, response: { 201: envelope(z.object({ email: z.string() })) } },
  }, async (req, reply) => {
    const { name, email, password } = req.body;
    const [taken] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw invalidField('validation_failed', 'email', 'email_taken');
    await auth.api.signUpEmail({ body: { name, email, password }, headers: authHeaders(req) });
    await throttle.hit(`otp-send:${email}`, ONE_PER_INTERVAL);
    return reply.status(201).send({ data: { email } });
  });

  api.post('/api/auth/verify-otp', {
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
    schema: { tags, summary: 'Log in with e-mail and password', body: loginBody, response: { 200: envelope(loginResult) } },
  }, async (req, reply) => {
    const { email, password, remember } = req.body;
    const keys = [`login:email:${email}`, `login:ip:${req.ip}`];
    const wait = Math.max(...(await Promise.all(keys.map((k) => throttle.retryAfter(k)))));
    if (wait > 0) throw tooManyRequests(wait);
    try {
      const res = await auth.api.signInEmail({ body: { email, password, rememberMe: remember }, headers: authHeaders(req), returnHeaders: true });
      await throttle.reset(keys[0]);
      forwardCookies(reply, res.headers);
      return { data: { first_login: await recordLogin(res.response.user.id) } };
    } catch (err) {
      if (!(err instanceof APIError) || (err.statusCode !== 401 && err.statusCode !== 403)) throw err;
      const locked = Math.max(await throttle.hit(keys[0], LOGIN_PER_EMAIL), await throttle.hit(keys[1], LOGIN_PER_IP));
      if (locked > 0) throw tooManyRequests(locked);
      throw new AppError(422, 'invalid_credentials', 'The email or password is incorrect.');
    }
  });

  api.post('/api/auth/logout', { schema: { tags, summary: 'Log out', response: noContent } }, async (req, reply) => {
    if (await getSession(ctx, req)) {
      const res = await auth.api.signOut({ headers: authHeaders(req), returnHeaders: true });
      forwardCookies(reply, res.headers);
    }
    return reply.status(204).send(null);
  });

  api.post('/api/auth/forgot-password', {
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
    await throttle.reset(`login:email:${email}`);
    return reply.status(204).send(null);
  });

  api.put('/api/auth/password', {
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
