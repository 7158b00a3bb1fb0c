import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { setBootstrapData } from '../../api/bootstrap';
import { toast } from '../../ui/toast/toast-store';
import { authApi } from './api/auth-api';
import { isInAppearanceEditor } from '../appearance/appearance-editor';
import { showError } from '../../app/error-handling/handle-error';

/**
 * Logging out, for the user menu and the verification screen (spec section 4): the answer's
 * bootstrap data replaces the current one (which also clears the query cache) and the user
 * goes to /login. Inside the appearance editor logging out is refused.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: authApi.logout,
    onSuccess: ({ bootstrapData }) => {
      setBootstrapData(bootstrapData);
      void navigate('/login', { replace: true });
    },
    onError: (error) => showError(error, t),
  });

  const logout = () => {
    if (isInAppearanceEditor()) {
      toast.danger(t("Can't logout while in appearance editor"));
      return;
    }
    mutation.mutate();
  };

  return { logout, isPending: mutation.isPending };
}
