import type { BackstageRequest } from '@cadenza/contracts/backstage';
import type { Pagination } from '@cadenza/contracts/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

const requestsKey = ['admin', 'backstage-requests'] as const;

export const useArtistRequests = (params: QueryParams) =>
  useQuery({
    queryKey: [...requestsKey, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<BackstageRequest> }>('admin/backstage-requests', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export const useArtistRequest = (id: number) =>
  useQuery({
    queryKey: [...requestsKey, 'one', id],
    queryFn: () =>
      apiClient
        .get<{ request: BackstageRequest }>(`admin/backstage-requests/${id}`)
        .then((response) => response.request),
  });

/** Approving or declining: both answer the request as it is now. */
export function useReviewRequest() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [requestsKey, ['admin', 'audit-log']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return {
    approve: useMutation({
      mutationFn: (id: number) =>
        apiClient.post<{ request: BackstageRequest }>(`admin/backstage-requests/${id}/approve`),
      onSuccess: refresh,
    }),
    deny: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) =>
        apiClient.post<{ request: BackstageRequest }>(`admin/backstage-requests/${id}/deny`, {
          reason,
        }),
      onSuccess: refresh,
    }),
  };
}
