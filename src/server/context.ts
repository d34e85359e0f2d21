import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './modules/auth/better-auth.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Throttle } from './lib/throttle.ts';
import type { FileStore } from './modules/files/store.ts';
import type { PaymentProvider } from './modules/billing/provider.ts';
import type { IdentityCache } from './modules/auth/session.ts';
import type { ListCache } from './modules/resources/list-cache.ts';
import type { Jobs } from './modules/jobs/jobs.ts';
import type { ReadRouter } from './lib/read-replica.ts';

/** What every module receives: configuration and the adapters chosen at start. */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  auth: Auth;
  throttle: Throttle;
  files: FileStore;
  payments: PaymentProvider;
  /** Logged-in callers' identities, reused briefly between writes (modules/auth/session.ts). */
  identities: IdentityCache;
  /** List pages kept in memory on the embedded database (modules/resources/list-cache.ts). */
  lists: ListCache;
  /** Durable background jobs (modules/jobs): modules define theirs when registering. */
  jobs: Jobs;
  /** Set when the node is shutting down (SIGTERM): readiness answers 503 and answers close their connection. */
  lifecycle: { draining: boolean };
  /** Which database a read goes to: the replica, or the primary for a member who just wrote (lib/read-replica.ts). */
  reads: ReadRouter;
};
