import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt from node:crypto (no native add-on): a per-user 16-byte salt, N=2^cost (cost 15 in
 * production: `PASSWORD_HASH_COST`, decision 0050), r=8, p=1, a 32-byte key, stored as `scrypt$N$r$p$salt$hash`, so a
 * hash is always checked with the cost it was made with and the cost can be raised later without breaking old hashes.
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 96 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password.normalize("NFC"), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

/** A new hash at `cost` (log2 N): the caller passes `app.config.passwordHashCost`. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, "base64url");
  const key = await scrypt(password, Buffer.from(saltB64, "base64url"), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummies = new Map<number, Promise<string>>();
/** Spends the same time as a real check at `cost`, so an unknown e-mail cannot be told apart by response time. */
export async function burnPasswordCheck(password: string, cost: number): Promise<void> {
  let dummy = dummies.get(cost);
  if (!dummy) dummies.set(cost, (dummy = hashPassword("timing-equaliser-not-a-password", cost)));
  await verifyPassword(password, await dummy);
}
