import type { Pagination } from '@cadenza/contracts/http';
import type {
  ImportedTrack,
  ImportJob,
  LibraryFolder,
  WatchedFolder,
} from '@cadenza/contracts/library';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

const importsKey = ['admin', 'library', 'imports'] as const;

export const isActive = (job: ImportJob | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

export const useLibraryFolders = () =>
  useQuery({
    queryKey: ['admin', 'library', 'folders'],
    queryFn: () =>
      apiClient
        .get<{ folders: LibraryFolder[] }>('admin/library/folders')
        .then((response) => response.folders),
  });

/**
 * The history of imports; asked again every second while the newest one runs, and every five
 * seconds otherwise, so the imports of watched folders appear by themselves.
 */
export const useImports = (params: QueryParams) =>
  useQuery({
    queryKey: [...importsKey, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<ImportJob> }>('admin/library/imports', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? 1000 : 5000),
  });

function useImportWrite<TInput>(call: (input: TInput) => Promise<{ job: ImportJob }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}

export const useStartImport = () =>
  useImportWrite((folder: string) => apiClient.post('admin/library/imports', { folder }));

export const useCancelImport = () =>
  useImportWrite((id: number) => apiClient.post(`admin/library/imports/${id}/cancel`));

/** Imports a file sent through the uploads queue into the catalogue, as a folder import would. */
export function useImportUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileEntryId: number) =>
      apiClient
        .post<{ track: ImportedTrack }>('admin/library/uploads', { file_entry_id: fileEntryId })
        .then((response) => response.track),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'tracks'] }),
  });
}

const watchedKey = ['admin', 'library', 'watched-folders'] as const;

/** The library folders and their watchers; asked again every 3 s to follow their state. */
export const useWatchedFolders = () =>
  useQuery({
    queryKey: watchedKey,
    queryFn: () =>
      apiClient
        .get<{ folders: WatchedFolder[] }>('admin/library/watched-folders')
        .then((response) => response.folders),
    refetchInterval: 3000,
  });

export function useSetWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { folder: string; watch: boolean }) =>
      apiClient.put<{ folder: WatchedFolder }>('admin/library/watched-folders', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: watchedKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
