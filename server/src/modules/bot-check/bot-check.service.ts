import type { BotCheckAction, BotCheckVerifyInput } from '@cadenza/contracts/bot-check';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey as deriveShaKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { hmac, sha256 } from '../../infra/hash.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ExpiringStore } from './bot-check.store.js';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const BOT_CHECK_FAILED = 'Could not verify you are human.';

/** How long an ALTCHA challenge may be solved, and how long a passed check counts. */
const CHALLENGE_TTL_SECONDS = 10 * 60;
const HUMAN_TTL_SECONDS = 5 * 60;
/** reCAPTCHA v3 answers a score from 0 (bot) to 1 (human). */
const MIN_GOOGLE_SCORE = 0.5;

export interface ProofOfWork {
  algorithm: 'SHA-256' | 'SHA-384' | 'SHA-512';
  /** Hash rounds per attempt. */
  cost: number;
  /** The solution is a counter drawn from this range: the work a browser must do. */
  counterMin: number;
  counterMax: number;
}

// About a second of hashing in a browser; nothing for a real visitor, costly by the thousand.
const DEFAULT_POW: ProofOfWork = {
  algorithm: 'SHA-256',
  cost: 2,
  counterMin: 5_000,
  counterMax: 15_000,
};

export interface BotCheckDeps {
  settings: SettingsService;
  store: ExpiringStore;
  limiter: RateLimiter;
  /** The app key; the ALTCHA signing keys are derived from it. */
  appKey: () => Promise<string>;
  /** Google's siteverify endpoint, or a stand-in speaking its protocol. */
  siteverifyUrl?: string | undefined;
  pow?: ProofOfWork;
  fetch?: typeof fetch;
}

export interface BotCheckClient {
  ip: string;
  sessionId: string;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number(),
      })
      .loose(),
    signature: z.string(),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});

const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

function decodePayload(token: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success
      ? (parsed.data as { challenge: Challenge; solution: Solution })
      : undefined;
  } catch {
    return undefined;
  }
}

export type BotCheckService = ReturnType<typeof createBotCheckService>;

/**
 * "Are you human?" before a form is accepted: Google reCAPTCHA when the admin configured its
 * keys, otherwise a self-hosted ALTCHA proof of work. A passed check marks the visitor's session
 * as human for a few minutes; the guarded form spends that mark, so every submission needs a
 * fresh check and a check cannot be replayed from another browser.
 */
export function createBotCheckService(deps: BotCheckDeps) {
  const { settings, store, limiter } = deps;
  const pow = deps.pow ?? DEFAULT_POW;
  const siteverifyUrl = deps.siteverifyUrl ?? GOOGLE_SITEVERIFY_URL;
  const fetchFn = deps.fetch ?? fetch;

  let secrets: Promise<{ signature: string; key: string }> | undefined;
  function hmacSecrets() {
    secrets ??= deps.appKey().then((appKey) => ({
      signature: hmac(appKey, 'altcha:challenge-signature'),
      key: hmac(appKey, 'altcha:key-signature'),
    }));
    return secrets;
  }

  const humanKey = (sessionId: string) => `human:${sha256(sessionId)}`;

  async function throttle(key: string, max: number): Promise<void> {
    const result = await limiter.hit(key, max, 60);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfter);
  }

  async function googleSecret(): Promise<string | undefined> {
    const [siteKey, secret] = await Promise.all([
      settings.get('recaptcha.site_key'),
      settings.get('recaptcha.secret_key'),
    ]);
    return siteKey && secret ? secret : undefined;
  }

  async function verifyAltcha(token: string): Promise<boolean> {
    const payload = decodePayload(token);
    if (!payload) return false;
    const { signature, key } = await hmacSecrets();
    let result;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey: deriveShaKey,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: key,
      });
    } catch {
      return false;
    }
    if (!result.verified) return false;
    // Single use: the nonce is remembered until the challenge would have expired anyway.
    const expiresAt = payload.challenge.parameters.expiresAt ?? 0;
    const ttl = Math.max(1, Math.ceil(expiresAt - Date.now() / 1000) + 1);
    return store.setIfAbsent(`altcha:${sha256(payload.challenge.parameters.nonce)}`, '1', ttl);
  }

  async function verifyGoogle(token: string, secret: string, ip: string): Promise<boolean> {
    try {
      const response = await fetchFn(siteverifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return false;
      const parsed = siteverifySchema.safeParse(await response.json());
      if (!parsed.success || !parsed.data.success) return false;
      return parsed.data.score === undefined || parsed.data.score >= MIN_GOOGLE_SCORE;
    } catch {
      return false;
    }
  }

  async function isEnabled(action: BotCheckAction): Promise<boolean> {
    const key = action === 'register' ? 'recaptcha.enable.register' : 'recaptcha.enable.contact';
    return Boolean(await settings.get(key));
  }

  return {
    isEnabled,

    /** A signed ALTCHA challenge for the browser to solve. */
    async challenge(ip: string): Promise<Challenge> {
      await throttle(`bot-check:challenge:${ip}`, 60);
      const { signature, key } = await hmacSecrets();
      return createChallenge({
        algorithm: pow.algorithm,
        cost: pow.cost,
        counter: randomInt(pow.counterMax, pow.counterMin),
        deriveKey: deriveShaKey,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: key,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      });
    },

    /** Checks a token; on success the session counts as human for a few minutes. */
    async verify(input: BotCheckVerifyInput, client: BotCheckClient): Promise<boolean> {
      await throttle(`bot-check:verify:${client.ip}`, 30);
      const secret = await googleSecret();
      const success = secret
        ? await verifyGoogle(input.token, secret, client.ip)
        : await verifyAltcha(input.token);
      if (success) {
        await store.set(humanKey(client.sessionId), input.action ?? '*', HUMAN_TTL_SECONDS);
      }
      return success;
    },

    /**
     * For the routes a bot check guards: passes when the check is off for this action, or when
     * this session passed one in the last few minutes (spending it). Otherwise refuses with 422.
     */
    async assertHuman(sessionId: string, action: BotCheckAction): Promise<void> {
      if (!(await isEnabled(action))) return;
      const mark = await store.take(humanKey(sessionId));
      if (mark === '*' || mark === action) return;
      throw new AppError(422, BOT_CHECK_FAILED, { code: 'bot_check_required' });
    },
  };
}
