import type {
  AdminProduct,
  AdminSubscription,
  ProductInput,
  Subscription,
  Voucher,
} from '@cadenza/contracts/billing';
import type { Pagination } from '@cadenza/contracts/http';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

const keys = {
  products: ['admin', 'products'] as const,
  vouchers: ['admin', 'vouchers'] as const,
  subscriptions: ['admin', 'subscriptions'] as const,
};

const useAdminList = <T>(path: string, key: QueryKey, params: QueryParams) =>
  useQuery({
    queryKey: [...key, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<T> }>(path, { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

/** Every plan: a site has a handful, so one page holds them all. */
export const useAdminProducts = () =>
  useAdminList<AdminProduct>('admin/products', keys.products, { perPage: 100 });
export const useAdminVouchers = (params: QueryParams) =>
  useAdminList<Voucher>('admin/vouchers', keys.vouchers, params);
export const useAdminSubscriptions = (params: QueryParams) =>
  useAdminList<AdminSubscription>('admin/subscriptions', keys.subscriptions, params);

function useWrite<TInput, TResult>(call: (input: TInput) => Promise<TResult>, key: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [key, ['admin', 'audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useSaveProduct = () =>
  useWrite(
    ({ id, ...input }: ProductInput & { id?: number }) =>
      id
        ? apiClient.put<{ product: AdminProduct }>(`admin/products/${id}`, input)
        : apiClient.post<{ product: AdminProduct }>('admin/products', input),
    keys.products,
  );

export const useDeleteProduct = () =>
  useWrite((id: number) => apiClient.delete(`admin/products/${id}`), keys.products);

export interface VoucherDraft {
  code: string;
  discount_percentage: number;
  product_id: number;
  price_id: number;
  max_uses: number | null;
  expires_at: string | null;
}

export const useCreateVoucher = () =>
  useWrite(
    (input: VoucherDraft) => apiClient.post<{ voucher: Voucher }>('admin/vouchers', input),
    keys.vouchers,
  );

export const useDeleteVoucher = () =>
  useWrite((id: number) => apiClient.delete(`admin/vouchers/${id}`), keys.vouchers);

export const useGrantSubscription = () =>
  useWrite(
    (input: { user_id: number; product_id: number; price_id: number; ends_at: string | null }) =>
      apiClient.post<{ subscription: Subscription }>('admin/subscriptions', input),
    keys.subscriptions,
  );

export const useCancelSubscription = () =>
  useWrite((id: number) => apiClient.delete(`admin/subscriptions/${id}`), keys.subscriptions);

/** The user with exactly this e-mail, through the users admin API. */
export async function findUserByEmail(email: string): Promise<{ id: number } | undefined> {
  const { pagination } = await apiClient.get<{
    pagination: Pagination<{ id: number; email: string }>;
  }>('admin/users', { params: { query: email, perPage: 5 } });
  return pagination.data.find((user) => user.email.toLowerCase() === email.toLowerCase());
}
