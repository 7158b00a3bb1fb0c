import type { FollowableType, LikeableType } from '@cadenza/contracts/music';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export function setLiked(type: LikeableType, id: number, liked: boolean) {
  const body = { likeable_type: type, likeable_id: id };
  return liked
    ? apiClient.post('users/me/liked-items', body)
    : apiClient.delete('users/me/liked-items', { body });
}

export function setFollowed(type: FollowableType, id: number, followed: boolean) {
  const body = { followable_type: type, followable_id: id };
  return followed
    ? apiClient.post('users/me/follows', body)
    : apiClient.delete('users/me/follows', { body });
}

/** Like or unlike; every music query is refreshed so hearts agree across screens. */
export function useSetLiked(type: LikeableType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setLiked(type, id, liked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['music'] }),
  });
}

export function useSetFollowed(type: FollowableType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followed: boolean) => setFollowed(type, id, followed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['music'] }),
  });
}
