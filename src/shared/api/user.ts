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
  locale: z.enum(LOCALES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
