import { useQueryClient } from '@tanstack/react-query';
import { billingKeys, refreshSessionUser, type BillingOverview } from './billing-api.ts';

/**
 * After a change that answers the new overview: keep it, fetch what it may have changed
 * (upcoming invoice, invoices, cards) and the session user (premium).
 */
export function useApplyOverview() {
  const queryClient = useQueryClient();
  return async (overview: BillingOverview) => {
    queryClient.setQueryData(billingKeys.overview, overview);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.upcoming }),
      queryClient.invalidateQueries({ queryKey: billingKeys.invoices }),
      refreshSessionUser(),
    ]);
  };
}
