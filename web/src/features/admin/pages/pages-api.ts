import type { CustomPage, CustomPageInput } from '@cadenza/contracts/custom-pages';
import type { Pagination } from '@cadenza/contracts/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

const pagesKey = ['admin', 'custom-pages'] as const;

export const useCustomPages = (params: QueryParams) =>
  useQuery({
    queryKey: [...pagesKey, 'list', params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<CustomPage> }>('custom-pages', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export const useCustomPage = (id: number | null) =>
  useQuery({
    queryKey: [...pagesKey, id],
    enabled: id !== null,
    queryFn: () =>
      apiClient.get<{ page: CustomPage }>(`admin/custom-pages/${id}`).then((r) => r.page),
  });

export function useSaveCustomPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CustomPageInput & { id: number | null }) =>
      (id === null
        ? apiClient.post<{ page: CustomPage }>('custom-pages', input)
        : apiClient.put<{ page: CustomPage }>(`custom-pages/${id}`, input)
      ).then((response) => response.page),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteCustomPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(`custom-pages/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
