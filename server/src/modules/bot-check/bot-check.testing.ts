import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestClient } from '../../test/test-client.js';

/** Solves an ALTCHA challenge the way the browser does, returning the token it would send. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Passes the self-hosted bot check as a browser would: challenge, solve, verify. */
export async function passBotCheck(client: TestClient, action?: string): Promise<void> {
  const challenge = await client.get('/api/v1/recaptcha/challenge');
  if (challenge.statusCode !== 200) throw new Error(`challenge: ${challenge.statusCode}`);
  const token = await solveAltcha(challenge.json());
  const verified = await client.post('/api/v1/recaptcha/verify', { token, action });
  if (verified.statusCode !== 200 || !verified.json().success) {
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  }
}
