import type { PublicCustomPage } from '@cadenza/contracts/custom-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export function fetchCustomPage(idOrSlug: string, signal?: AbortSignal) {
  return apiClient.get<PublicCustomPage>(`custom-pages/${encodeURIComponent(idOrSlug)}`, {
    signal,
  });
}

export const customPageQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['custom-pages', idOrSlug],
    queryFn: ({ signal }) => fetchCustomPage(idOrSlug, signal),
  });

export function useCustomPage(idOrSlug: string) {
  return useQuery(customPageQueryOptions(idOrSlug));
}
