import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@cadenza/contracts/auth';
import { lazily } from './lazy-require.js';

// The word lists hold about 15 MB once loaded: they load with the first password to judge.
const zxcvbnCommon = lazily<typeof ZxcvbnCommon>('@zxcvbn-ts/language-common');

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Choose one that would be harder to guess.';

// The most common passwords of public breach lists (zxcvbn's list, ~50,000 entries), kept only
// where they are long enough to pass the length rule.
let common: Set<string> | undefined;

/** True when a password is one of the most common ones, ignoring case (OWASP ASVS 6.2). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    zxcvbnCommon()
      .dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN)
      .map((entry) => entry.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

/**
 * The field error for a new password, or undefined when it is acceptable. Length is checked by the
 * request schema; this adds what a schema shipped to the browser should not carry.
 */
export function newPasswordError(password: string, confirmation: string): string | undefined {
  if (password !== confirmation) return 'The password confirmation does not match.';
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return undefined;
}
