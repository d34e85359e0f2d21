import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins';
import { v7 as uuidv7 } from 'uuid';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts';
import type { Config } from '../../config.ts';
import { passwordHasher } from '../../lib/password-hash.ts';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail, verificationCodeMail } from '../mail/templates.ts';
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from './session-lifetime.ts';

export const RESET_TOKEN_TTL_SECONDS = 3600;

/**
 * better-auth does the identity work (password hashing, sessions, e-mail codes, reset tokens);
 * FYN's own `/api/auth/*` routes call it through `auth.api` and keep the public contract.
 */
export function createAuth(config: Config, database: Database, mailer: Mailer) {
  return betterAuth({
    appName: 'FYN',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    telemetry: { enabled: false },
    logger: { level: 'error', disabled: config.env === 'test' },
    database: drizzleAdapter(database.db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: false,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // better-auth's own scrypt and format, at the configuration's cost (lib/password-hash.ts).
      password: passwordHasher(config.passwordCost),
      async sendResetPassword({ user, token }) {
        const link = `${config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        await mailer.send(passwordResetMail(user.email, link, RESET_TOKEN_TTL_SECONDS / 60));
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    user: {
      // FYN's own columns, returned with the session so that GET /api/user needs no second query.
      additionalFields: {
        lastLoginAt: { type: 'date', required: false, input: false },
        currentLoginAt: { type: 'date', required: false, input: false },
        widgetSequence: { type: 'json', required: false, input: false },
        locale: { type: 'string', required: false, input: false, defaultValue: 'en' },
        organisationId: { type: 'string', required: false, input: false },
      },
    },
    // Reset tokens and code identifiers are kept hashed, so a database read does not leak them.
    verification: { storeIdentifier: 'hashed' },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'fyn',
      useSecureCookies: config.appUrl.startsWith('https://'),
      database: { generateId: () => uuidv7() },
      ipAddress: { ipAddressHeaders: ['x-fyn-client-ip'] },
    },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_MAX_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          if (type === 'email-verification') await mailer.send(verificationCodeMail(email, otp, OTP_TTL_SECONDS / 60));
        },
      }),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;
