import type { Challenge } from 'altcha/lib';

/**
 * Solves a self-hosted ALTCHA proof of work in the browser and returns the payload the server
 * verifies: the challenge and its solution, base64-encoded JSON (the widget's format). The
 * solver is loaded on first use, so pages without a bot check never download it.
 */
export async function solveAltchaChallenge(
  challenge: Challenge,
  signal?: AbortSignal,
): Promise<string | null> {
  const { solveChallenge, sha, pbkdf2 } = await import('altcha/lib');
  const algorithm = challenge.parameters.algorithm;
  const deriveKey = algorithm.startsWith('PBKDF2') ? pbkdf2.deriveKey : sha.deriveKey;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
