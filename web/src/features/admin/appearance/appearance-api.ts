import type { Theme, ThemeInput } from '@cadenza/contracts/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export const themesKey = ['admin', 'themes'] as const;

export const useAdminThemes = () =>
  useQuery({
    queryKey: themesKey,
    queryFn: () => apiClient.get<{ themes: Theme[] }>('admin/themes').then((r) => r.themes),
  });

/** Creating, duplicating and deleting a theme take effect at once; edits wait for Save. */
export function useThemeWrites() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: themesKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
    ]);
  return {
    create: useMutation({
      mutationFn: (input: ThemeInput) =>
        apiClient.post<{ theme: Theme }>('admin/themes', input).then((r) => r.theme),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiClient.delete<{ message: string }>(`admin/themes/${id}`),
      onSuccess: refresh,
    }),
  };
}

export const saveTheme = ({ id, ...input }: Theme) =>
  apiClient.put<{ theme: Theme }>(`admin/themes/${id}`, input).then((r) => r.theme);

/** A landing page picture, checked and scaled by the server; answers its address. */
export const useUploadAppearanceImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiClient.post<{ url: string }>('admin/appearance/images', body).then((r) => r.url);
    },
  });

/** Keeps an unsaved script on the server for the preview to load (no inline script runs). */
export const previewScript = (js: string) =>
  apiClient.post<{ url: string }>('admin/appearance/script-preview', { js }).then((r) => r.url);
