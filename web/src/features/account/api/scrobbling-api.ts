import type { Scrobbler, ScrobblerName } from '@cadenza/contracts/scrobbling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

const scrobblersKey = ['account', 'scrobblers'] as const;

interface ScrobblersAnswer {
  scrobblers: Scrobbler[];
}

export const useScrobblers = () =>
  useQuery({
    queryKey: scrobblersKey,
    queryFn: async () => (await apiClient.get<ScrobblersAnswer>('me/scrobblers')).scrobblers,
  });

/** Each change answers the whole list, which replaces the cached one. */
function useScrobblersMutation<TVariables>(
  request: (variables: TVariables) => Promise<ScrobblersAnswer>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ scrobblers }) => client.setQueryData(scrobblersKey, scrobblers),
  });
}

export const useConnectListenBrainz = () =>
  useScrobblersMutation((token: string) =>
    apiClient.put<ScrobblersAnswer>('me/scrobblers/listenbrainz', { token }),
  );

export const useConnectLastFm = () =>
  useScrobblersMutation((signIn: { token: string; state: string }) =>
    apiClient.put<ScrobblersAnswer>('me/scrobblers/lastfm', signIn),
  );

export const useDisconnectScrobbler = () =>
  useScrobblersMutation((service: ScrobblerName) =>
    apiClient.delete<ScrobblersAnswer>(`me/scrobblers/${service}`),
  );

/** Where Last.fm's sign-in page is, with this app's way back. */
export const lastFmSignInUrl = async () =>
  (await apiClient.get<{ url: string }>('me/scrobblers/lastfm/authorize')).url;
