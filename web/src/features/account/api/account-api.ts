import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { ValueLists as AllValueLists } from '@cadenza/contracts/localization';
import type { AccessToken, Address, User, UserSession } from '@cadenza/contracts/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { getBootstrapData, setBootstrapData } from '../../../api/bootstrap';

// Shapes the account screens read that contracts/ does not (yet) export.

export type { AccessToken };

/** Spec section 4: 0 not enabled, 1 waiting for confirmation, 2 enabled. */
export type TwoFactorState = 0 | 1 | 2;

export type AccountUser = User;

export interface AccountDetailsPayload {
  first_name: string | null;
  last_name: string | null;
  avatar?: string | null;
}
export interface ContactInfoPayload {
  phone: string | null;
  cpf: string | null;
  address_json: Address | null;
}
export interface PreferencesPayload {
  language: string;
  timezone: string;
  country: string | null;
}
export interface ChangePasswordPayload {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export type { UserSession };
/** What a music app needs to sign in; the password itself is shown only when generated. */
export interface MusicApps {
  server_url: string;
  username: string;
  has_password: boolean;
  created_at: string | null;
  last_used_at: string | null;
}

/** The lists account settings pick from. */
export type ValueLists = Pick<AllValueLists, 'localizations' | 'timezones' | 'countries'>;

export const accountKeys = {
  me: ['users', 'me'] as const,
  tokens: ['access-tokens'] as const,
  sessions: ['user-sessions'] as const,
  valueLists: ['value-lists', 'localizations,timezones,countries'] as const,
  musicApps: ['account', 'music-apps'] as const,
};

export const meQueryOptions = queryOptions({
  queryKey: accountKeys.me,
  // With the subscriptions: the Family panels depend on them.
  queryFn: () =>
    apiClient
      .get<{ user: AccountUser }>('users/me', { params: { with: ['subscriptions'] } })
      .then((response) => response.user),
});

export const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: () =>
    apiClient
      .get<{ sessions: UserSession[] }>('user-sessions')
      .then((response) => response.sessions),
});

export const valueListsQueryOptions = queryOptions({
  queryKey: accountKeys.valueLists,
  queryFn: () => apiClient.get<ValueLists>('value-lists/localizations,timezones,countries'),
  // The lists change with releases, not while someone edits their preferences.
  staleTime: Infinity,
});

export const accessTokensQueryOptions = queryOptions({
  queryKey: accountKeys.tokens,
  queryFn: () =>
    apiClient.get<{ tokens: AccessToken[] }>('access-tokens').then((response) => response.tokens),
});

export const useMe = () => useQuery(meQueryOptions);
export const useAccessTokens = () => useQuery(accessTokensQueryOptions);
export const useSessions = () => useQuery(sessionsQueryOptions);
export const useValueLists = () => useQuery(valueListsQueryOptions);

/**
 * The navbar and every other screen read the user from bootstrap data: keep the fields the
 * settings screen changes in step with it.
 */
export function syncBootstrapUser(user: Partial<User>): void {
  const data = getBootstrapData();
  if (!data.user) return;
  const { permissions: _permissions, roles: _roles, ...fields } = user;
  setBootstrapData({ ...data, user: { ...data.user, ...fields } });
}

/** A mutation that refreshes the account's user afterwards. */
function useUserMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.me });
      const user = queryClient.getQueryData<AccountUser>(accountKeys.me);
      if (user) syncBootstrapUser(user);
    },
  });
}

type RecoveryCodes = { recovery_codes: string[] };

export const accountApi = {
  updateDetails: (payload: AccountDetailsPayload) =>
    apiClient.put<{ user: User }>('users/me', payload),
  uploadAvatar: (userId: number, source: File | string) => {
    const body = new FormData();
    if (typeof source === 'string') body.append('url', source);
    else body.append('file', source);
    return apiClient.post<{ user: User; url: string | null }>(`users/${userId}/avatar`, body);
  },
  removeAvatar: (userId: number) => apiClient.delete<{ user: User }>(`users/${userId}/avatar`),
  updateContactInfo: (payload: ContactInfoPayload) =>
    apiClient.put<{ message: string; user: User }>('users/me/contact-info', payload),
  updatePreferences: (payload: PreferencesPayload) =>
    apiClient.put<{ user: User }>('users/me', payload),
  changePassword: (payload: ChangePasswordPayload) =>
    apiClient.put<{ message: string }>('auth/user/password', payload),
  confirmedPasswordStatus: (seconds: number) =>
    apiClient.get<{ confirmed: boolean }>('auth/user/confirmed-password-status', {
      params: { seconds },
    }),
  confirmPassword: (password: string) =>
    apiClient.post<unknown>('auth/user/confirm-password', { password }),
  enableTwoFactor: () =>
    apiClient.post<RecoveryCodes & { two_factor_state: TwoFactorState }>(
      'auth/user/two-factor-authentication',
    ),
  disableTwoFactor: () =>
    apiClient.delete<{ message: string; two_factor_state: TwoFactorState }>(
      'auth/user/two-factor-authentication',
    ),
  twoFactorQrCode: () =>
    apiClient.get<{ svg: string; secret: string }>('auth/user/two-factor/qr-code'),
  confirmTwoFactor: (code: string) =>
    apiClient.post<{ two_factor_state: TwoFactorState }>(
      'auth/user/confirmed-two-factor-authentication',
      { code },
    ),
  recoveryCodes: () => apiClient.get<RecoveryCodes>('auth/user/two-factor-recovery-codes'),
  regenerateRecoveryCodes: () =>
    apiClient.post<RecoveryCodes>('auth/user/two-factor-recovery-codes'),
  logoutOtherSessions: (password: string) =>
    apiClient.post<{ message: string }>('user-sessions/logout-other', { password }),
  createAccessToken: (tokenName: string) =>
    apiClient.post<{ token: AccessToken; plainTextToken: string }>('access-tokens', {
      tokenName,
    }),
  deleteAccessToken: (id: number) => apiClient.delete<{ message: string }>(`access-tokens/${id}`),
  deleteAccount: (userId: number) =>
    apiClient.delete<{ message: string }>(`users/${userId}`, {
      params: { deleteCurrentUser: true },
    }),
  /** The page's data as the server now sees this visitor: a guest, once the account is gone. */
  bootstrapData: () =>
    apiClient
      .get<{ bootstrapData: BootstrapData }>('bootstrap-data')
      .then((response) => response.bootstrapData),
  generateMusicAppsPassword: () => apiClient.post<{ password: string }>('me/music-apps/password'),
  revokeMusicAppsPassword: () => apiClient.delete('me/music-apps/password'),
};

export const useUpdateDetails = () => useUserMutation(accountApi.updateDetails);
export const useUploadAvatar = () =>
  useUserMutation(({ userId, source }: { userId: number; source: File | string }) =>
    accountApi.uploadAvatar(userId, source),
  );
export const useRemoveAvatar = () => useUserMutation(accountApi.removeAvatar);
export const useUpdateContactInfo = () => useUserMutation(accountApi.updateContactInfo);
export const useUpdatePreferences = () => useUserMutation(accountApi.updatePreferences);
export const useChangePassword = () => useMutation({ mutationFn: accountApi.changePassword });
export const useEnableTwoFactor = () => useUserMutation(accountApi.enableTwoFactor);
export const useDisableTwoFactor = () => useUserMutation(accountApi.disableTwoFactor);
export const useConfirmTwoFactor = () => useUserMutation(accountApi.confirmTwoFactor);
export const useRecoveryCodes = () => useMutation({ mutationFn: accountApi.recoveryCodes });
export const useRegenerateRecoveryCodes = () =>
  useMutation({ mutationFn: accountApi.regenerateRecoveryCodes });
export const useDeleteAccount = () => useMutation({ mutationFn: accountApi.deleteAccount });

function useTokensMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}
export const useCreateAccessToken = () => useTokensMutation(accountApi.createAccessToken);
export const useDeleteAccessToken = () => useTokensMutation(accountApi.deleteAccessToken);

export function useLogoutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.logoutOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export const twoFactorQrQueryOptions = queryOptions({
  queryKey: ['two-factor', 'qr-code'] as const,
  queryFn: accountApi.twoFactorQrCode,
});

export const useMusicApps = () =>
  useQuery({
    queryKey: accountKeys.musicApps,
    queryFn: () => apiClient.get<MusicApps>('me/music-apps'),
  });

function useMusicAppsMutation<TResult>(mutationFn: () => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.musicApps }),
  });
}
export const useGenerateMusicAppsPassword = () =>
  useMusicAppsMutation(accountApi.generateMusicAppsPassword);
export const useRevokeMusicAppsPassword = () =>
  useMusicAppsMutation(accountApi.revokeMusicAppsPassword);
