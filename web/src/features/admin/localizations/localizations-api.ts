import type { AdminLocalization, LocalizationLine } from '@cadenza/contracts/admin';
import type { Pagination } from '@cadenza/contracts/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

const localizationsKey = ['admin', 'localizations'] as const;

/** The site's languages, each with how much of it is translated. */
export const useLocalizations = () =>
  useQuery({
    queryKey: localizationsKey,
    queryFn: () =>
      apiClient
        .get<{ localizations: AdminLocalization[] }>('admin/localizations')
        .then((response) => response.localizations),
  });

/** A write that changes what the whole admin area shows (the default language is a setting). */
function useAdminWrite<TInput>(call: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useMakeDefaultLanguage = () =>
  useAdminWrite((language: string) =>
    apiClient.post('settings', { 'i18n.default_locale': language }),
  );

export const useDeleteLanguage = () =>
  useAdminWrite((language: string) => apiClient.delete(`admin/localizations/${language}`));

export function useAddLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (added: { language: string; name: string }) =>
      apiClient.post('admin/localizations', added),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localizationsKey }),
  });
}

/** A page of a language's lines, 25 at a time; the previous page stays while the next loads. */
export const useLocalizationLines = (language: string, params: QueryParams) =>
  useQuery({
    queryKey: [...localizationsKey, language, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<LocalizationLine> }>(
          `admin/localizations/${language}/lines`,
          { params: { ...params, perPage: 25 } },
        )
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

/** Saves translated lines (keyed by their English text) of a language. */
export function useSaveLines(language: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: Record<string, string>) =>
      apiClient.put(`admin/localizations/${language}/lines`, { lines }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localizationsKey }),
  });
}
