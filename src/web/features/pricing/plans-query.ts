import { useQuery } from '@tanstack/react-query';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import { api } from '../../lib/api-client.ts';

/** docs/product.md#plans: the plan list is cached for 24 hours, with no retries. */
export const PLAN_CACHE_MS = 24 * 60 * 60 * 1000;
export const PRODUCTS_KEY = ['billing', 'products'] as const;

export const BILLING_CONFIG_KEY = ['billing', 'config'] as const;

/** What GET /api/billing/config tells anyone: the provider, and which product is the enterprise plan. */
export interface BillingConfig {
  provider: 'local' | 'stripe';
  publishable_key: string | null;
  enterprise_product_id: string | null;
}

export function useProducts() {
  return useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: () => api.get<ProviderProduct[]>('/billing/products'),
    staleTime: PLAN_CACHE_MS,
    gcTime: PLAN_CACHE_MS,
    retry: false,
  });
}

/**
 * The server's billing settings (public, cached as the plans are): the enterprise plan is the
 * product the server names (ENTERPRISE_PRODUCT_ID with Stripe, the local provider's own otherwise).
 */
export function useBillingConfig() {
  return useQuery({
    queryKey: BILLING_CONFIG_KEY,
    queryFn: () => api.get<BillingConfig>('/billing/config'),
    staleTime: PLAN_CACHE_MS,
    gcTime: PLAN_CACHE_MS,
    retry: false,
  });
}
