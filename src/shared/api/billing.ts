import { z } from 'zod';

export const cardSchema = z.object({ id: z.string(), brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number(), is_default: z.boolean() });
export const localCardBody = z.object({
  number: z.string().trim().min(12).max(23),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'card_cvc_invalid'),
});
export const stripeCardBody = z.object({ payment_method_id: z.string().min(3).max(255) });
export const addPaymentMethodBody = z.union([localCardBody, stripeCardBody]);

const line = z.object({ description: z.string(), amount: z.number(), period_start: z.number(), period_end: z.number(), proration: z.boolean() });
export const invoiceSchema = z.object({
  id: z.string(), number: z.string(), status: z.string(), amount_due: z.number(), amount_paid: z.number(), currency: z.string(),
  created: z.number(), period_start: z.number(), period_end: z.number(), lines: z.array(line),
});
export const invoicePreviewSchema = z.object({ amount_due: z.number(), currency: z.string(), period_start: z.number(), period_end: z.number(), lines: z.array(line) });

export const statusEventSchema = z.object({
  from: z.string(), to: z.string(), reason: z.string(), actor: z.string().nullable(), provider_event_id: z.string().nullable(), at: z.string(),
});

export const billingOverviewSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  /** Stripe's publishable key for its card element (null with the local provider). */
  publishable_key: z.string().nullable(),
  status: z.string(),
  premium: z.boolean(),
  can_manage: z.boolean(),
  subscription: z
    .object({
      id: z.string(), status: z.string(), price_id: z.string(), product_id: z.string(), plan_name: z.string(), interval: z.string(), unit_amount: z.number(),
      current_period_start: z.number(), current_period_end: z.number(), cancel_at_period_end: z.boolean(),
    })
    .nullable(),
  history: z.array(statusEventSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const priceBody = z.object({ price_id: z.string().min(1).max(255) });
export const subscribeBody = z.object({ price_id: z.string().min(1).max(255), payment_method_id: z.string().min(1).max(255) });
