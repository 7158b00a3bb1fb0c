import type { AdminJobs } from '@cadenza/contracts/jobs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

const jobsKey = ['admin', 'jobs'] as const;

/** Every queue's jobs by state and the latest failures; asked again every five seconds. */
export const useAdminJobs = () =>
  useQuery({
    queryKey: jobsKey,
    queryFn: () => apiClient.get<AdminJobs>('admin/jobs'),
    refetchInterval: 5000,
  });

/** Runs a failed job again with all its attempts. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      apiClient.post(`admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
