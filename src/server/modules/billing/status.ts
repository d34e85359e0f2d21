import type { OrganisationStatus } from '../../db/schema/organisations.ts';
import type { BillingEvent } from './provider.ts';

/** What can move an organisation's status: the user's checkout, or a provider event. */
export type StatusTrigger = 'checkout_started' | 'checkout_failed' | BillingEvent['type'];

/**
 * The machine of docs/product.md#organisation-statuses: inactive → awaiting_payment (checkout begun) → active (paid)
 * → outstanding_payment (a renewal failed) → active (paid) or inactive (cancelled, or unpaid
 * after the grace period). A payment that arrives without a checkout (a webhook first) also
 * activates. Any other pair leaves the status as it is.
 */
const TRANSITIONS: Record<OrganisationStatus, Partial<Record<StatusTrigger, OrganisationStatus>>> = {
  inactive: { checkout_started: 'awaiting_payment', 'invoice.paid': 'active' },
  awaiting_payment: { 'invoice.paid': 'active', checkout_failed: 'inactive', 'customer.subscription.deleted': 'inactive' },
  active: { 'invoice.payment_failed': 'outstanding_payment', 'customer.subscription.deleted': 'inactive' },
  outstanding_payment: { 'invoice.paid': 'active', 'customer.subscription.deleted': 'inactive' },
};

export function nextStatus(current: OrganisationStatus, trigger: StatusTrigger): OrganisationStatus | null {
  return TRANSITIONS[current][trigger] ?? null;
}

/** Premium (docs/product.md#premium): active, or forced by configuration. */
export const isPremium = (status: OrganisationStatus | null | undefined, forced: boolean) => forced || status === 'active';
