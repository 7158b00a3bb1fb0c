import type { Pagination } from '@cadenza/contracts/http';
import type { RadioStation, RadioStationInput } from '@cadenza/contracts/radio-stations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

const stationsKey = ['admin', 'radio-stations'] as const;

export const useAdminRadioStations = (params: QueryParams) =>
  useQuery({
    queryKey: [...stationsKey, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<RadioStation> }>('admin/radio-stations', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

function useStationWrite<TInput>(call: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stationsKey }),
        // The player's list of stations.
        queryClient.invalidateQueries({ queryKey: ['radio-stations'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}

export const useSaveStation = () =>
  useStationWrite(({ id, ...input }: RadioStationInput & { id?: number }) =>
    id
      ? apiClient.put(`admin/radio-stations/${id}`, input)
      : apiClient.post('admin/radio-stations', input),
  );

export const useDeleteStation = () =>
  useStationWrite((id: number) => apiClient.delete(`admin/radio-stations/${id}`));
