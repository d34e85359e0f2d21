import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.ts';

/** The cookie that keeps a browser's reads on the primary for a moment after its own write, on every node. */
export const WROTE_COOKIE = 'fyn.wrote';

export type ReadRouter = {
  /**
   * Where a read of this request goes: the replica (DATABASE_READ_URL) unless there is none, or the
   * member wrote within the window (through this node, or any node: the cookie says so). Only for
   * reads outside a transaction: lists, searches, exports, reports.
   */
  dbFor(req: FastifyRequest, userId: string): { db: Db; replica: boolean };
  /** Called for every write that was not refused: the member's reads stay on the primary for the window. */
  wrote(req: FastifyRequest, reply: FastifyReply, userId: string | null): void;
};

/**
 * Read-your-own-writes over a lagging replica (docs/deployment.md#read-replica): a member's reads go
 * to the primary for `windowMs` after their own write — remembered per member on this node, and
 * per browser across nodes by a short cookie — so nobody misses what they just saved.
 */
export function createReadRouter(database: Database, windowMs: number): ReadRouter {
  const recent = new Map<string, number>();
  return {
    dbFor(req, userId) {
      const replica = database.reader;
      if (!replica) return { db: database.db, replica: false };
      const until = recent.get(userId);
      if (until !== undefined && until <= Date.now()) recent.delete(userId);
      if ((until !== undefined && until > Date.now()) || req.cookies?.[WROTE_COOKIE] !== undefined) return { db: database.db, replica: false };
      return { db: replica, replica: true };
    },
    wrote(_req, reply, userId) {
      if (!database.reader) return;
      if (userId) {
        if (recent.size >= 50_000) recent.clear();
        recent.set(userId, Date.now() + windowMs);
      }
      reply.setCookie(WROTE_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: Math.max(1, Math.ceil(windowMs / 1000)) });
    },
  };
}
