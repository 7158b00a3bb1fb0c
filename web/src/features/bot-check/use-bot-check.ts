import type { BotCheckAction } from '@cadenza/contracts/bot-check';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isApiError } from '../../api/api-error';
import { useSettings, readSetting } from '../../api/bootstrap';
import { debugTraceOf, showError } from '../../app/error-handling/handle-error';
import { toast } from '../../ui/toast/toast-store';
import { solveAltchaChallenge } from './altcha-solver';
import { fetchAltchaChallenge, verifyBotCheckToken } from './api/bot-check-api';
import { recaptchaToken } from './google-recaptcha';

export const BOT_CHECK_FAILED = 'Could not verify you are human.';

export interface BotCheck {
  /** Whether this action is guarded (`recaptcha.enable.<action>`). */
  enabled: boolean;
  /** True while a token is obtained and verified. */
  isVerifying: boolean;
  /**
   * Runs the check before a form is sent. Resolves true when the visitor passed (or no check is
   * needed); otherwise shows 'Could not verify you are human.' and resolves false.
   */
  verify: () => Promise<boolean>;
}

function enableKey(action: BotCheckAction) {
  return action === 'register' ? 'recaptcha.enable.register' : 'recaptcha.enable.contact';
}

/**
 * The bot check of spec section 5. With a reCAPTCHA site key configured it asks Google;
 * otherwise it solves the server's ALTCHA proof of work in the browser. The server remembers a
 * passed check for this browser session, so the guarded request must follow it.
 */
export function useBotCheck(action: BotCheckAction): BotCheck {
  const { t } = useTranslation();
  const settings = useSettings();
  const enabled = Boolean(readSetting(settings, enableKey(action)));
  const siteKey = readSetting(settings, 'recaptcha.site_key') ?? '';
  const [isVerifying, setIsVerifying] = useState(false);

  const verify = useCallback(async () => {
    if (!enabled) return true;
    setIsVerifying(true);
    try {
      const token = siteKey
        ? await recaptchaToken(siteKey, action)
        : await solveAltchaChallenge(await fetchAltchaChallenge());
      const passed = token !== null && (await verifyBotCheckToken(token, action));
      if (!passed) toast.danger(t(BOT_CHECK_FAILED));
      return passed;
    } catch (error) {
      // Throttling and server failures say what happened; anything else is a failed check.
      if (debugTraceOf(error) || isApiError(error, 429)) showError(error, t);
      else toast.danger(t(BOT_CHECK_FAILED));
      return false;
    } finally {
      setIsVerifying(false);
    }
  }, [action, enabled, siteKey, t]);

  return { enabled, isVerifying, verify };
}
