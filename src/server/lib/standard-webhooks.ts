import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks v1 (https://www.standardwebhooks.com), the one signer and verifier of the app:
 * outgoing deliveries are signed here, the inbound tracking webhook is verified here.
 * A secret is `whsec_` + base64 of its bytes; the signature is
 * `v1,<base64 HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with the secret's bytes>`;
 * `webhook-signature` may carry several, separated by spaces (during a secret's rotation).
 */
export const SECRET_PREFIX = 'whsec_';
/** Deliveries older or newer than this (seconds) are refused by a verifier. */
export const TOLERANCE_SECONDS = 5 * 60;

export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

/** The secret's key bytes: `whsec_` + base64 (the prefix is optional, as the reference libraries read it). */
export function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,<base64>` for one secret. */
export function sign(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery, signed with every secret given (the current one first). */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}

export type VerifyFailure = 'missing_headers' | 'timestamp_out_of_range' | 'signature_mismatch';

/**
 * Checks a delivery against any of `secrets`: its headers are there, its timestamp within
 * `toleranceSeconds` of `now`, and one of its `v1` signatures matches. Answers null when it holds,
 * else why not.
 */
export function verify(
  secrets: readonly string[],
  headers: Record<string, string | string[] | undefined>,
  body: string | Buffer,
  now = Date.now(),
  toleranceSeconds = TOLERANCE_SECONDS,
): VerifyFailure | null {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
  };
  const id = one('webhook-id');
  const ts = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!id || !ts || !signatures || !/^\d{1,12}$/.test(ts)) return 'missing_headers';
  const timestamp = Number(ts);
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return 'timestamp_out_of_range';
  const given = signatures.split(' ').filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3), 'base64'));
  for (const secret of secrets) {
    const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), 'base64');
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) return null;
  }
  return 'signature_mismatch';
}
