import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingOverview, cardSchema, invoicePreviewSchema, invoiceSchema, statusEventSchema } from '#shared/api/billing.ts';
import type { SessionUser } from '#shared/api/user.ts';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import { api } from '../../lib/api-client.ts';
import { useSessionStore } from '../../lib/session-store.ts';

export type { BillingOverview, ProviderProduct };
export type SavedCard = z.infer<typeof cardSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;
export type StatusEvent = z.infer<typeof statusEventSchema>;
export type Subscription = NonNullable<BillingOverview['subscription']>;

/** A card as the local provider takes it (Stripe takes a payment_method_id from its element). */
export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Calls of the billing screens (amounts in pence, times in epoch seconds). */
export const billingApi = {
  products: () => api.get<ProviderProduct[]>('/billing/products'),
  overview: () => api.get<BillingOverview>('/billing/subscription'),
  upcomingInvoice: () => api.get<InvoicePreview | null>('/billing/upcoming-invoice'),
  invoices: () => api.get<Invoice[]>('/billing/invoices'),
  cards: () => api.get<SavedCard[]>('/billing/payment-methods'),
  addCard: (card: CardInput) => api.post<SavedCard>('/billing/payment-methods', card),
  /** Stripe: the client secret of a SetupIntent, which Stripe's card element confirms. */
  setupIntent: () => api.post<{ client_secret: string | null }>('/billing/setup-intent'),
  /** Stripe: saves the payment method its card element made. */
  addStripeCard: (paymentMethodId: string) => api.post<SavedCard>('/billing/payment-methods', { payment_method_id: paymentMethodId }),
  makeDefault: (id: string) => api.post(`/billing/payment-methods/${encodeURIComponent(id)}/default`),
  deleteCard: (id: string) => api.delete(`/billing/payment-methods/${encodeURIComponent(id)}`),
  subscribe: (body: { price_id: string; payment_method_id: string }) => api.post<BillingOverview>('/billing/subscribe', body),
  previewChange: (priceId: string) => api.post<InvoicePreview>('/billing/preview-change', { price_id: priceId }),
  changePlan: (priceId: string) => api.post<BillingOverview>('/billing/change-plan', { price_id: priceId }),
  cancel: () => api.post<BillingOverview>('/billing/cancel'),
  resume: () => api.post<BillingOverview>('/billing/resume'),
  invoicePdfUrl: (id: string) => `/api/billing/invoices/${encodeURIComponent(id)}/pdf`,
};

export const billingKeys = {
  /** The same key and cache as the pricing screen's plan list (docs/product.md#plans: 24 h). */
  products: ['billing', 'products'] as const,
  overview: ['billing', 'subscription'] as const,
  upcoming: ['billing', 'upcoming-invoice'] as const,
  invoices: ['billing', 'invoices'] as const,
  cards: ['billing', 'payment-methods'] as const,
};

const PLAN_CACHE_MS = 24 * 60 * 60 * 1000;

export function useProducts() {
  return useQuery({
    queryKey: billingKeys.products,
    queryFn: billingApi.products,
    staleTime: PLAN_CACHE_MS,
    gcTime: PLAN_CACHE_MS,
    retry: false,
  });
}

export function useOverview(enabled = true) {
  return useQuery({ queryKey: billingKeys.overview, queryFn: billingApi.overview, enabled });
}

export function useCards(enabled = true) {
  return useQuery({ queryKey: billingKeys.cards, queryFn: billingApi.cards, enabled });
}

/** After a billing change: the session user again (premium, organisation status). */
export async function refreshSessionUser(): Promise<void> {
  try {
    useSessionStore.getState().setUser(await api.get<SessionUser>('/user', { silent: true }));
  } catch {
    // Only the header's copy is stale; the next page load refreshes it.
  }
}

/** A price of a product, for showing what a price id stands for. */
export interface PriceChoice {
  priceId: string;
  productId: string;
  planName: string;
  interval: 'month' | 'year';
  unitAmount: number;
  currency: string;
}

/** Every recurring monthly or annual price of the plans (products with marketing features). */
export function priceChoices(products: ProviderProduct[]): PriceChoice[] {
  return products
    .filter((p) => p.marketing_features.length > 0)
    .flatMap((p) =>
      p.prices.flatMap((price) => {
        const interval = price.recurring?.interval;
        if ((interval !== 'month' && interval !== 'year') || price.unit_amount === null) return [];
        return [
          {
            priceId: price.id,
            productId: p.id,
            planName: p.name,
            interval,
            unitAmount: price.unit_amount,
            currency: price.currency,
          },
        ];
      }),
    )
    .sort((a, b) => a.unitAmount - b.unitAmount);
}
