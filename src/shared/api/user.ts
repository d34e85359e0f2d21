import { z } from 'zod';
import { widgetSequenceSchema } from '../dashboard/widgets.ts';

export const LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Time of the login before the current one; null on a first login. */
  last_login: z.string().nullable(),
  widget_sequence: widgetSequenceSchema.nullable(),
  organisation: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  /** The organisation is active, or premium is forced by configuration (docs/product.md#premium). */
  premium: z.boolean(),
  /** What the user's role allows (`module.action`); empty without an active membership. */
  permissions: z.array(z.string()),
  /** The user holds the organisation's built-in Owner role (docs/product.md#privilege-rules). */
  is_owner: z.boolean(),
  locale: z.enum(LOCALES),
  /** Address of the user's picture, or null. */
  avatar_url: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const updateUserBody = z
  .object({
    name: z.string().trim().min(1, 'name_required').max(120, 'name_too_long').optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine((b) => b.name !== undefined || b.locale !== undefined, 'nothing_to_update');

/** Avatar upload limits (kept in a zod-free module for the browser). */
export { AVATAR_MAX_BYTES, AVATAR_TYPES } from './avatar-limits.ts';
