import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../ui/toast/toast-store';
import { useCreateFreeSubscription } from './api/billing-api';
import type { AppliedVoucher } from './voucher-field';

/**
 * What registering with a voucher leads to (spec section 4): a 100 % voucher becomes a free
 * subscription and the page that says so; a partial one goes on to its checkout, discounted.
 * Answers the address to go to, or undefined when the voucher could not be used.
 */
export function useRedeemVoucher() {
  const { t } = useTranslation();
  const create = useCreateFreeSubscription();
  return async ({ voucher, plan }: AppliedVoucher): Promise<string | undefined> => {
    if (voucher.discount_percentage < 100) {
      const query = new URLSearchParams({ voucher: voucher.code });
      return `/checkout/${plan.product_id}/${plan.price_id}?${query.toString()}`;
    }
    try {
      await create.mutateAsync({
        product_id: plan.product_id,
        price_id: plan.price_id,
        voucher_id: voucher.id,
      });
      return '/checkout/voucher/success';
    } catch (error) {
      // Refused by the server (used up meanwhile, say), or not reached at all.
      const refused = isApiError(error) && error.status < 500;
      toast.danger(
        refused
          ? t('We could not create your free subscription. Choose a plan on the pricing page.')
          : t(
              'We could not apply the voucher after registering. Try it again from the pricing page.',
            ),
      );
      return undefined;
    }
  };
}
