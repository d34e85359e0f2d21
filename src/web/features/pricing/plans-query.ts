import { useQuery } from '@tanstack/react-query';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import { api } from '../../lib/api-client.ts';

/** docs/product.md#plans: the plan list is cached for 24 hours, with no retries. */
export const PLAN_CACHE_MS = 24 * 60 * 60 * 1000;
export const PRODUCTS_KEY = ['billing', 'products'] as const;

/**
 * The product shown as the enterprise plan. The server knows it (ENTERPRISE_PRODUCT_ID, else the
 * local provider's 'prod_fyn_enterprise') but does not say; the local provider's id is used.
 */
export const ENTERPRISE_PRODUCT_ID = 'prod_fyn_enterprise';

export function useProducts() {
  return useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: () => api.get<ProviderProduct[]>('/billing/products'),
    staleTime: PLAN_CACHE_MS,
    gcTime: PLAN_CACHE_MS,
    retry: false,
  });
}
