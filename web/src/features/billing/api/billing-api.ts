import type {
  BillingOverview,
  ChangePlanPreview,
  FamilyAccounts,
  Product,
  RedeemVoucherResult,
  Subscription,
  VoucherPreview,
} from '@cadenza/contracts/billing';
import type { Pagination } from '@cadenza/contracts/http';
import type { User } from '@cadenza/contracts/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { getBootstrapData, setBootstrapData } from '../../../api/bootstrap';

export const billingKeys = {
  products: ['billing', 'products'] as const,
  overview: ['billing', 'subscription'] as const,
  membership: ['billing', 'family-membership'] as const,
  family: (userId: number) => ['billing', 'family', userId] as const,
};

export const productsQueryOptions = queryOptions({
  queryKey: billingKeys.products,
  queryFn: () =>
    apiClient
      .get<{ pagination: Pagination<Product> }>('billing/products')
      .then((response) => response.pagination.data),
});

export const overviewQueryOptions = queryOptions({
  queryKey: billingKeys.overview,
  queryFn: () => apiClient.get<BillingOverview>('billing/subscription'),
});

export const useProducts = () => useQuery(productsQueryOptions);
export const useBillingOverview = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...overviewQueryOptions, enabled });

export const useFamilyMembership = () =>
  useQuery({
    queryKey: billingKeys.membership,
    queryFn: () =>
      apiClient
        .get<{ membership: { product: { name: string }; owner: { display_name: string } } | null }>(
          'billing/family-membership',
        )
        .then((response) => response.membership),
  });

export type ChildAccounts =
  { status: 'success'; accounts: FamilyAccounts } | { status: 'blocked'; message: string };

export const useChildAccounts = (user: { id: number; email: string }) =>
  useQuery({
    queryKey: billingKeys.family(user.id),
    queryFn: () =>
      apiClient.get<ChildAccounts>('/get-child-accounts.php', {
        params: { user_id: user.id, user_email: user.email },
      }),
  });

/**
 * The user's subscriptions and permissions live in bootstrap data: after a change, read the
 * user again so menus, guards and ads follow at once.
 */
export async function refreshUser() {
  const { user } = await apiClient.get<{ user: User }>('me', {
    params: { with: ['roles', 'subscriptions', 'permissions'] },
  });
  const data = getBootstrapData();
  if (data.user) {
    setBootstrapData({
      ...data,
      user: { ...data.user, ...user, permissions: user.permissions ?? data.user.permissions },
    });
  }
}

function useBillingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await refreshUser();
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export const useCheckout = () =>
  useMutation({
    mutationFn: (input: { product_id: number; price_id: number; voucher_code?: string }) =>
      apiClient.post<{ url: string }>('billing/checkout', input),
  });

export const useChangePlan = () =>
  useBillingMutation((input: { product_id: number; price_id: number; proration_date?: number }) =>
    apiClient.post<{ subscription: Subscription; upgrade: boolean }>('billing/change-plan', input),
  );

/** What changing to this plan charges now, as the payment service works it out. */
export const useChangePlanPreview = (input: { product_id: number; price_id: number } | undefined) =>
  useQuery({
    queryKey: ['billing', 'change-plan-preview', input?.product_id, input?.price_id],
    queryFn: () => apiClient.post<ChangePlanPreview>('billing/change-plan/preview', input),
    enabled: !!input,
    staleTime: 0,
    retry: false,
  });

export const useCancelSubscription = () =>
  useBillingMutation(() => apiClient.post<{ subscription: Subscription }>('billing/cancel'));

export const useResumeSubscription = () =>
  useBillingMutation(() => apiClient.post<{ subscription: Subscription }>('billing/resume'));

export const usePortal = () =>
  useMutation({ mutationFn: () => apiClient.post<{ url: string }>('billing/portal') });

export const usePreviewVoucher = () =>
  useMutation({
    mutationFn: (code: string) =>
      apiClient.post<VoucherPreview>('vouchers/preview-register', { voucher_code: code }),
  });

export const useCreateFreeSubscription = () =>
  useBillingMutation((input: { product_id: number; price_id: number; voucher_id: number }) =>
    apiClient.post<{ subscription: Subscription }>('vouchers/create-free-subscription', input),
  );

/** A signed-in user redeems a code: a 100 % voucher's plan at once, or a discounted checkout. */
export const useRedeemCode = () =>
  useBillingMutation((code: string) =>
    apiClient.post<RedeemVoucherResult>('vouchers/redeem', { voucher_code: code }),
  );

export interface SaveFamilyInput {
  userId: number;
  subscriptionId: number;
  emails: {
    email1: string | null;
    email2: string | null;
    email3: string | null;
    editingField: 'email1' | 'email2' | 'email3' | null;
  };
}

export const useSaveFamilyEmails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFamilyInput) =>
      apiClient.post<{ message: string; accounts: FamilyAccounts }>('/save-emails.php', input),
    onSuccess: (response, input) => {
      const saved: ChildAccounts = { status: 'success', accounts: response.accounts };
      queryClient.setQueryData(billingKeys.family(input.userId), saved);
    },
  });
};
