import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const RECOVERY_CODE_COUNT = 8;

function randomString(length: number): string {
  let out = '';
  while (out.length < length) {
    // Rejection sampling keeps every character equally likely.
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** A recovery code as Fortify makes them: ten characters, a hyphen, ten more (21 in all). */
export function recoveryCode(): string {
  return `${randomString(10)}-${randomString(10)}`;
}

export function recoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, recoveryCode);
}
