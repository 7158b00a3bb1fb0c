import type { PlaylistFileFormat, PlaylistImport } from '@cadenza/contracts/music';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, resolveApiPath } from '../../../../../api/client';

/** Where a playlist downloads as a file; the server names the file. */
export const playlistExportUrl = (id: number, format: PlaylistFileFormat) =>
  resolveApiPath(`playlists/${id}/export?format=${format}`);

/** Imports an M3U/M3U8, XSPF or JSPF file as a new playlist, answering what did not match. */
export function useImportPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file_name', file.name);
      body.append('file', file);
      return apiClient.post<PlaylistImport>('playlists/import', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['music'] }),
  });
}
