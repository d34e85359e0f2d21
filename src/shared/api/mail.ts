import { z } from 'zod';

export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
