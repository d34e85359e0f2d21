import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_SECONDS = 60;

/**
 * Password rule, the same in the browser and on the server: 8 to 128 characters with at least
 * one letter and one digit or symbol. Messages are i18n keys under `validation.`.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password_too_short')
  .max(PASSWORD_MAX_LENGTH, 'password_too_long')
  .refine((v) => /\p{L}/u.test(v) && /[^\p{L}]/u.test(v), 'password_too_weak');

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('email_invalid'));
export const nameSchema = z.string().trim().min(1, 'name_required').max(120, 'name_too_long');
export const otpSchema = z.string().trim().regex(/^\d{6}$/, 'otp_format');

export const registerBody = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export const verifyOtpBody = z.object({ email: emailSchema, otp: otpSchema });
export const resendOtpBody = z.object({ email: emailSchema });
export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, 'password_required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
  remember: z.boolean().default(false),
});
export const loginResult = z.object({ first_login: z.boolean() });
export const forgotPasswordBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({
  email: emailSchema,
  token: z.string().min(1, 'token_required').max(256),
  password: passwordSchema,
});
export const changePasswordBody = z.object({
  current_password: z.string().min(1, 'password_required').max(PASSWORD_MAX_LENGTH),
  password: passwordSchema,
});

export type RegisterBody = z.infer<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;
