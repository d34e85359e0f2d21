import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { accounts, organisations, users } from '../../db/schema/index.ts';
import { applyAll, customerOf } from '../billing/service.ts';
import type { LocalProvider } from '../billing/local-provider.ts';
import { createOrganisation } from '../organisations/service.ts';

export const DEMO_PASSWORD = 'FynDemo!2026';
export const DEMO_USERS = [
  { email: 'owner@demo.fyn.local', name: 'Olivia Owner' },
  { email: 'member@demo.fyn.local', name: 'Max Member' },
] as const;
export const DEMO_ORGANISATION = 'Northwind Forwarding Ltd';

/**
 * Demo data for the embedded mode (never in production), idempotent: the owner's organisation
 * Northwind Forwarding Ltd, active on the Growth plan for three months (so with invoices); the
 * member stays without organisation, on the free plan. Password FynDemo!2026 for both.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const { auth, database } = ctx;
  const { password } = await auth.$context;
  const ids: Record<string, string> = {};
  for (const demo of DEMO_USERS) {
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) {
      ids[demo.email] = existing.id;
      continue;
    }
    const id = uuidv7();
    const hash = await password.hash(DEMO_PASSWORD);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email: demo.email, name: demo.name, emailVerified: true });
      await tx.insert(accounts).values({ id: uuidv7(), userId: id, accountId: id, providerId: 'credential', password: hash });
    });
    ids[demo.email] = id;
  }

  const ownerId = ids[DEMO_USERS[0].email];
  const [owner] = await database.db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, ownerId));
  if (owner.organisationId) return;
  const org = await createOrganisation(ctx, ownerId, {
    name: DEMO_ORGANISATION, types: ['forwarder', 'nvocc', 'customs_broker'], country: 'GB',
    address_line1: 'Unit 4, Dock Road', address_line2: 'Port of Felixstowe', city: 'Felixstowe', postcode: 'IP11 3SW',
    location_code: 'GBFXT', registration_number: '09876543', vat_number: 'GB123456789', website: 'https://northwind-forwarding.example',
  });
  if (ctx.payments.kind !== 'local') return;

  // Three months of history: subscribe on a clock wound back 90 days, then let it renew to today.
  const local = ctx.payments as LocalProvider;
  const customer = await customerOf(ctx, local, org, DEMO_USERS[0].email);
  const card = await local.addPaymentMethod(customer, { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' });
  await local.advanceClock(-90 * 86_400);
  const { subscription, events } = await local.subscribe(customer, 'price_growth_month', card.id);
  await database.db.update(organisations).set({ subscriptionId: subscription.id, priceId: subscription.price_id }).where(eq(organisations.id, org.id));
  await applyAll(ctx, events);
  await applyAll(ctx, await local.advanceClock(90 * 86_400));
}
