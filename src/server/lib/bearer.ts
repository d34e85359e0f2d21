import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The token of an `Authorization: Bearer …` header, or null without one. */
export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer[ \t]+(\S*)\s*$/i.exec(h);
  return m ? m[1] : null;
}

export const hasBearer = (req: FastifyRequest) => typeof req.headers.authorization === 'string' && /^Bearer\b/i.test(req.headers.authorization);

export const apiKeyNotAllowed = () => new AppError(403, 'api_key_not_allowed', 'This call is made by a person in their own session, not with an API key.');
export const invalidApiKey = () => new AppError(401, 'invalid_api_key', 'The API key is unknown, revoked or expired.', undefined, { 'www-authenticate': 'Bearer' });
