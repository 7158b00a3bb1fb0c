import type { DebugErrorBody, Pagination } from '@cadenza/contracts/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

export interface MailLogEntry {
  id: number;
  recipient: string;
  subject: string;
  status: 'sent' | 'failed';
  error: string | null;
  created_at: string;
}

export interface ErrorEntry {
  time: string;
  method: string | null;
  url: string | null;
  user_id: number | null;
  debug: DebugErrorBody;
}

/** A day's errors: the days there are, the one shown, and a page of it. */
export interface ErrorLog {
  files: string[];
  file: string | null;
  pagination: Pagination<ErrorEntry>;
}

/** A page of the mail log; the previous page stays on screen while the next one loads. */
export const useMailLog = (params: QueryParams) =>
  useQuery({
    queryKey: ['admin', 'mail-log', params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<MailLogEntry> }>('admin/mail-log', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

/** A page of the error log, 20 entries at a time (each carries its frames). */
export const useErrorLog = (params: QueryParams) =>
  useQuery({
    queryKey: ['admin', 'error-log', params],
    queryFn: () =>
      apiClient.get<ErrorLog>('admin/error-log', { params: { ...params, perPage: 20 } }),
    placeholderData: keepPreviousData,
  });
