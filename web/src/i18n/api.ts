import type {
  ChangeLocaleResponse,
  ValueListName,
  ValueLists,
} from '@cadenza/contracts/localization';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api/client';
import { getBootstrapData, setBootstrapData } from '../api/bootstrap';

/** Lists the server localizes into the active language: refetched when the language changes. */
export function valueListsQuery<N extends ValueListName>(names: readonly N[]) {
  const sorted = [...names].sort();
  return queryOptions({
    queryKey: ['value-lists', ...sorted],
    queryFn: ({ signal }) =>
      apiClient.get<Pick<ValueLists, N>>(`value-lists/${sorted.join(',')}`, { signal }),
    // These lists change only with a deployment.
    staleTime: Infinity,
  });
}

export function useValueLists<N extends ValueListName>(names: readonly N[]) {
  return useQuery(valueListsQuery(names));
}

export function changeLocale(locale: string): Promise<ChangeLocaleResponse> {
  return apiClient.post<ChangeLocaleResponse>('users/me/locale', { locale });
}

/**
 * Saves the language (on the account, or in a cookie for a guest) and swaps the translations in
 * place: bootstrap data carries them, and the providers apply whatever it holds.
 */
export function useChangeLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLocale,
    onSuccess: ({ i18n }) => {
      const current = getBootstrapData();
      setBootstrapData({
        ...current,
        i18n,
        user: current.user ? { ...current.user, language: i18n.language } : null,
      });
      void queryClient.invalidateQueries({ queryKey: ['value-lists'] });
    },
  });
}
