import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './modules/auth/better-auth.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Throttle } from './lib/throttle.ts';

/** What every module receives: configuration and the adapters chosen at start. */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  auth: Auth;
  throttle: Throttle;
};

export type Api = FastifyInstance['withTypeProvider'] extends () => infer R ? R : never;
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & { __zod?: ZodTypeProvider };
