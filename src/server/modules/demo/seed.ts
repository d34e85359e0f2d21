import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { accounts, users } from '../../db/schema/index.ts';

export const DEMO_PASSWORD = 'FynDemo!2026';
export const DEMO_USERS = [
  { email: 'owner@demo.fyn.local', name: 'Olivia Owner' },
  { email: 'member@demo.fyn.local', name: 'Max Member' },
] as const;

/**
 * Demo accounts for the embedded mode (never in production): verified, password FynDemo!2026.
 * Idempotent: accounts that exist are left as they are.
 */
export async function seedDemo({ auth, database }: AppContext): Promise<void> {
  const { password } = await auth.$context;
  for (const demo of DEMO_USERS) {
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) continue;
    const id = uuidv7();
    const hash = await password.hash(DEMO_PASSWORD);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email: demo.email, name: demo.name, emailVerified: true });
      await tx.insert(accounts).values({ id: uuidv7(), userId: id, accountId: id, providerId: 'credential', password: hash });
    });
  }
}
