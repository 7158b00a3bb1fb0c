import type { BotCheckAction } from '@cadenza/contracts/bot-check';
import type { Challenge } from 'altcha/lib';
import { apiClient } from '../../../api/client';

export function fetchAltchaChallenge(): Promise<Challenge> {
  return apiClient.get<Challenge>('recaptcha/challenge');
}

/** Spends a token; on success the server counts this browser session as human for a while. */
export async function verifyBotCheckToken(token: string, action: BotCheckAction): Promise<boolean> {
  const { success } = await apiClient.post<{ success: boolean }>('recaptcha/verify', {
    token,
    action,
  });
  return success;
}
