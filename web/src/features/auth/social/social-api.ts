import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { SocialProfile, SocialService } from '@cadenza/contracts/social-auth';
import type { User } from '@cadenza/contracts/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export type SocialConnectResponse = { bootstrapData: BootstrapData } | { two_factor: true };

export const socialKeys = {
  profiles: ['users', 'me', 'social_profiles'] as const,
};

export const socialApi = {
  /** Completes REQUEST_PASSWORD: the existing account's password connects the pending profile. */
  connect: (password: string) =>
    apiClient.post<SocialConnectResponse>('secure/auth/social/connect', { password }),
  disconnect: (service: SocialService) =>
    apiClient.post<{ social_profiles: SocialProfile[] }>(
      `secure/auth/social/${service}/disconnect`,
    ),
  profiles: () =>
    apiClient
      .get<{ user: User }>('users/me', { params: { with: ['social_profiles'] } })
      .then((response) => response.user.social_profiles ?? []),
};

export const socialProfilesQueryOptions = queryOptions({
  queryKey: socialKeys.profiles,
  queryFn: socialApi.profiles,
});

export function useSocialProfiles() {
  return useQuery(socialProfilesQueryOptions);
}

export function useSocialConnect() {
  return useMutation({ mutationFn: socialApi.connect });
}

export function useSocialDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: socialApi.disconnect,
    onSuccess: (response) =>
      queryClient.setQueryData(socialKeys.profiles, response.social_profiles),
  });
}
