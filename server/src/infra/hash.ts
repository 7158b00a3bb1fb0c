import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Argon2id with the parameters OWASP recommends (19 MiB, 2 iterations, 1 lane).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so response times do not reveal which e-mail addresses have accounts.
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

// Every new visitor draws a session id: random bytes are taken from the generator in blocks,
// one call for many tokens, and each byte is used once.
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

export function randomToken(bytes = 32): string {
  if (bytes > POOL_SIZE / 8) return crypto.randomBytes(bytes).toString('base64url');
  if (poolOffset + bytes > pool.length) {
    pool = crypto.randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
}

export function hmac(key: string | crypto.KeyObject, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
