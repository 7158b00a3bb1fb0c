import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { SocialService } from '@cadenza/contracts/social-auth';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { loadBootstrapData, setBootstrapData } from '../../../api/bootstrap';
import { postLoginRedirect, REDIRECT_PARAM } from '../../../app/post-login-redirect';
import { toast } from '../../../ui/toast/toast-store';
import { ConnectAccountsDialog } from './connect-accounts-dialog';
import { handleSocialResult } from './social-result';
import { openSocialPopup } from './social-popup';
import { useSocialServiceNames } from './social-services';

interface UseSocialLoginOptions {
  /** The login needs the two-factor code; the page shows the challenge. */
  onTwoFactor: () => void;
}

/**
 * Signing in with a service: the popup, then what its result says (spec section 4). Returns
 * the function the buttons call and the connect-accounts dialog to render.
 */
export function useSocialLogin({ onTwoFactor }: UseSocialLoginOptions): {
  signIn: (service: SocialService) => Promise<void>;
  pending: SocialService | null;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [pending, setPending] = useState<SocialService | null>(null);
  const [request, setRequest] = useState<{ service: SocialService; email?: string } | null>(null);
  const serviceNames = useSocialServiceNames();

  const signedIn = (data: BootstrapData) => {
    setBootstrapData(data);
    void navigate(postLoginRedirect(data, searchParams.get(REDIRECT_PARAM)), { replace: true });
  };

  async function signIn(service: SocialService) {
    setPending(service);
    const result = await openSocialPopup(`/secure/auth/social/${service}/login`);
    setPending(null);
    handleSocialResult(result, {
      signedIn,
      twoFactor: onTwoFactor,
      connected: () => {},
      alreadyLoggedIn: () => {
        void loadBootstrapData().then(signedIn, () => void navigate('/', { replace: true }));
      },
      requestPassword: (requested, email) =>
        setRequest({ service: requested ?? service, ...(email ? { email } : {}) }),
      error: (message) => toast.danger(t(message)),
    });
  }

  const dialog = (
    <ConnectAccountsDialog
      open={request !== null}
      onOpenChange={(open) => !open && setRequest(null)}
      serviceName={request ? serviceNames[request.service] : ''}
      email={request?.email}
      onConnected={(response) => {
        setRequest(null);
        if ('bootstrapData' in response) signedIn(response.bootstrapData);
        else onTwoFactor();
      }}
    />
  );

  return { signIn, pending, dialog };
}
