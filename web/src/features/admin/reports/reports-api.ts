import type { Report } from '@cadenza/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

/** The days a report covers: the last few, or a range picked by date. */
export type ReportRange = { days: number } | { from: string; to: string };

/** The dashboard's figures; the previous range's stay on screen while the next one loads. */
export const useReport = (range: ReportRange) =>
  useQuery({
    queryKey: ['admin', 'reports', range],
    queryFn: () =>
      apiClient
        .get<{ report: Report }>('admin/reports', { params: range })
        .then((response) => response.report),
    placeholderData: keepPreviousData,
  });
