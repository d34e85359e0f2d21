import { z } from 'zod';

/** The one failure shape of every API call (docs/architecture.md#errors). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    email: z.string().optional(),
    /** 409 possible_duplicate: the records the new one looks like (id, name, country, vat_number, score). */
    candidates: z.array(z.object({ id: z.string(), name: z.string(), country: z.string(), vat_number: z.string().nullable(), score: z.number() })).optional(),
    /** 402 ai_credits_exhausted, ai_member_cap_reached: what the call would have cost, and the credits left. */
    cost: z.number().int().optional(),
    balance: z.number().int().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

/** Error codes the API answers with, shared so that the browser can react to them by name. */
export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  emailVerificationRequired: 'email_verification_required',
  csrfMismatch: 'csrf_mismatch',
  invalidCredentials: 'invalid_credentials',
  validationFailed: 'validation_failed',
  tooManyRequests: 'too_many_requests',
  notFound: 'not_found',
  invalidOtp: 'invalid_otp',
  otpExpired: 'otp_expired',
  invalidToken: 'invalid_token',
} as const;

/** Wraps a schema in the success envelope `{ data: … }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
