import type { Pagination } from '@cadenza/contracts/http';
import type { Integration } from '@cadenza/contracts/social-auth';
import type { ValueLists } from '@cadenza/contracts/localization';
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

/** The timezones to pick the site's default from, grouped by region. */
export const useTimezoneList = () =>
  useQuery({
    queryKey: ['value-lists', 'timezones'],
    queryFn: () => apiClient.get<ValueLists>('value-lists/timezones'),
    staleTime: Infinity,
  });

/**
 * What the homepage can show for a type that points at something: the custom pages or the
 * channels, as [slug, name] pairs.
 */
export const useHomepageOptions = (type: string) =>
  useQuery({
    queryKey: ['admin', 'homepage-options', type],
    enabled: type === 'customPage' || type === 'channel',
    queryFn: async () =>
      type === 'customPage'
        ? (
            await apiClient.get<{ pagination: Pagination<{ slug: string; title: string }> }>(
              'custom-pages',
              { params: { perPage: 100 } },
            )
          ).pagination.data.map((page) => [page.slug, page.title] as const)
        : (
            await apiClient.get<{ pagination: Pagination<{ slug: string; name: string }> }>(
              'admin/channels',
              { params: { perPage: 50 } },
            )
          ).pagination.data.map((channel) => [channel.slug, channel.name] as const),
  });

/** The outside services the server's environment sets up (read-only). */
export const useIntegrations = () =>
  useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: () => apiClient.get<{ integrations: Integration[] }>('admin/integrations'),
    staleTime: Infinity,
  });
