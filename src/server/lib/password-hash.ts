import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N (CPU and memory), r (block size), p (parallelism). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * better-auth's own choice (N 2^14, r 16, p 1: about 32 MB and a tenth of a second a hash), which
 * every deployment uses. A stored hash does not name its cost, so this must not change while
 * hashes made with it are kept.
 */
export const PASSWORD_COST: ScryptCost = { N: 16_384, r: 16, p: 1 };

const KEY_BYTES = 64;

/**
 * Password hashing for better-auth, in its format (`salt:key`, hex; the password NFKC-normalised;
 * scrypt in libuv's thread pool): hashes written by better-auth's default verify here and the
 * other way round (password-hash.test.ts). The cost is the configuration's (`Config.passwordCost`):
 * the API tests, which hash about 500 times a run, use a cheap one; nothing else may.
 */
export function passwordHasher(cost: ScryptCost) {
  const key = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, derived) => (err ? reject(err) : resolve(derived))),
    );
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await key(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, stored] = hash.split(':');
      if (!salt || !stored) return false;
      const expected = Buffer.from(stored, 'hex');
      const derived = await key(password, salt);
      return expected.length === derived.length && timingSafeEqual(expected, derived);
    },
  };
}
