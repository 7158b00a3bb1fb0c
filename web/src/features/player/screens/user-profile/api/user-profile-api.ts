import type { Playlist, UserProfile, UserRef } from '@cadenza/contracts/music';
import type { ProfileTab } from '@cadenza/contracts/music-constants';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import { setFollowed } from '../../common/api/library-api';
import { nextPage, type Page } from '../../common/api/pagination';

export { PROFILE_TABS, type ProfileTab } from '@cadenza/contracts/music-constants';

interface ProfileTabItems {
  playlists: Playlist;
  followers: UserRef;
  following: UserRef;
}

export const PROFILE_PAGE_SIZE = 24;

export const fetchUserProfile = (id: number) =>
  apiClient.get<{ user: UserProfile }>(`users/${id}/profile`);

// Under 'music' so that every like and follow elsewhere refreshes the counts here too.
export const userProfileQuery = (id: number) =>
  queryOptions({
    queryKey: ['music', 'user', id, 'profile'],
    queryFn: () => fetchUserProfile(id),
  });

export function useUserProfile(id: number) {
  return useQuery(userProfileQuery(id));
}

export const profileTabQuery = <T extends ProfileTab>(id: number, tab: T) =>
  infiniteQueryOptions({
    queryKey: ['music', 'user', id, tab],
    queryFn: ({ pageParam }) =>
      apiClient.get<{ pagination: Page<ProfileTabItems[T]> }>(`users/${id}/${tab}`, {
        params: { page: pageParam, perPage: PROFILE_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => nextPage(pagination),
  });

/** One tab of a profile (playlists, followers or following), page by page. */
export function useProfileTab<T extends ProfileTab>(id: number, tab: T) {
  return useInfiniteQuery(profileTabQuery(id, tab));
}

/** Follow or unfollow a user; the profile shows the new state at once and counts refresh. */
export function useFollowUser(id: number) {
  const queryClient = useQueryClient();
  const key = userProfileQuery(id).queryKey;
  return useMutation({
    mutationFn: (followed: boolean) => setFollowed('user', id, followed),
    onMutate: async (followed) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const delta = followed === previous.user.is_followed ? 0 : followed ? 1 : -1;
        queryClient.setQueryData(key, {
          user: {
            ...previous.user,
            is_followed: followed,
            followers_count: Math.max(0, previous.user.followers_count + delta),
          },
        });
      }
      return { previous };
    },
    onError: (_error, _followed, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['music'] }),
  });
}
