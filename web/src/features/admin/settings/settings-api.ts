import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export interface AdminSettings {
  settings: Record<string, unknown>;
  /** Which write-only credentials are saved. */
  secrets: Record<string, boolean>;
}

const settingsKey = ['admin', 'settings'] as const;

export const useAdminSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => apiClient.get<AdminSettings>('settings') });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) =>
      apiClient.post<AdminSettings>('settings', changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] });
    },
  });
}

export const useSendTestMail = () =>
  useMutation({
    mutationFn: () => apiClient.post<{ message: string }>('admin/mail/test'),
  });

export function useUploadBrandingImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, file }: { image: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiClient.post<{ url: string }>(`admin/branding/${image}`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
