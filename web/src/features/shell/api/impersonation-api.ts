import { apiClient } from '../../../api/client';

/** Ends an admin's session as another user; the session is the admin's own again. */
export const stopImpersonation = () => apiClient.post('impersonation/stop');
