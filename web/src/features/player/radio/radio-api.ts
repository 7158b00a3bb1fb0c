import type { RadioNowPlaying, RadioStation } from '@cadenza/contracts/radio-stations';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export const useRadioStations = () =>
  useQuery({
    queryKey: ['radio-stations'],
    queryFn: () =>
      apiClient
        .get<{ stations: RadioStation[] }>('radio-stations')
        .then((response) => response.stations),
  });

/** What the station plays now, asked again every 15 s while it plays. */
export const useNowPlaying = (stationId: number | null, playing: boolean) =>
  useQuery({
    queryKey: ['radio-stations', stationId, 'now-playing'],
    queryFn: () => apiClient.get<RadioNowPlaying>(`radio-stations/${stationId}/now-playing`),
    enabled: stationId !== null,
    refetchInterval: playing ? 15_000 : false,
  });
