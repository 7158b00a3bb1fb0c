import type { Pagination } from '@cadenza/contracts/http';
import type { FileEntry } from '@cadenza/contracts/uploads';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export const fileEntryKeys = { all: ['file-entries'] as const };

const FILES_PER_PAGE = 20;

/** A page of the user's uploads (or the workspace's); it stays on screen while the next loads. */
export const useFileEntries = (page: number) =>
  useQuery({
    queryKey: [...fileEntryKeys.all, page],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<FileEntry> }>('file-entries', {
          params: { page, perPage: FILES_PER_PAGE },
        })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export function useDeleteFileEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post('file-entries/delete', { entryIds: [id] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fileEntryKeys.all }),
  });
}
