import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are hashed with scrypt, a memory-hard KDF built into Node (N=2^15, r=8: 32 MiB
 * per hash). The stored form names its parameters so they can be raised later, and a hash is
 * verified with the parameters it names.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const KEY_LENGTH = 32;
let params = { N: 2 ** DEFAULT_PASSWORD_HASH_COST, r: 8, p: 1 };
/** A hash of nothing in particular, verified against when a username is unknown so that both answers take as long. */
let decoy: Promise<string> | null = null;

/**
 * Sets the cost of new hashes (log2 of N) from PASSWORD_HASH_COST: the tests lower it, as every
 * sign-in and every seeded account pays it (config.ts refuses a lower one in production).
 */
export function configurePasswordHashing(cost: number): void {
  if (params.N === 2 ** cost) return;
  params = { N: 2 ** cost, r: 8, p: 1 };
  decoy = null;
}

function derive(
  password: string,
  salt: Buffer,
  opts: ScryptOptions & { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 128 * opts.N * opts.r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params;
  const key = await derive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await decoy);
}
