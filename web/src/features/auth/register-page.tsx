import {
  PASSWORD_MIN,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  registerBodySchema,
  type RegisterBody,
} from '@cadenza/contracts/auth';
import type { RegistrationPolicy } from '@cadenza/contracts/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { setBootstrapData, useSetting } from '../../api/bootstrap';
import {
  intendedPage,
  PLAYER_HOME,
  readOnboardingSelection,
  REDIRECT_PARAM,
} from '../../app/post-login-redirect';
import { useRedeemVoucher } from '../billing/use-redeem-voucher';
import { VoucherField, type AppliedVoucher } from '../billing/voucher-field';
import { useBotCheck } from '../bot-check/use-bot-check';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { TextField } from '../../ui/text-field';
import { useRegisterMutation } from './api/auth-api';
import { AuthFooterLink, AuthLayout } from './components/auth-layout';
import { EmailField, emailSchema } from './components/email-field';
import { NewPasswordFields, withMatchingConfirmation } from './new-password-fields';
import { SocialButtons } from './components/social-buttons';
import { applyServerErrors } from '../../app/error-handling/handle-error';

/** Where a visitor goes after registering, by the `redirectFrom` query parameter. */
const REDIRECT_TARGETS: Record<string, string> = { pricing: '/pricing' };

function registerSchema(policies: RegistrationPolicy[]) {
  return withMatchingConfirmation(
    z.object({
      email: emailSchema,
      username: registerBodySchema.shape.username,
      phone: z
        .string()
        .trim()
        .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE),
      password: z
        .string()
        .min(1, 'The password field is required.')
        .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`),
      password_confirmation: z.string().min(1, 'Please confirm your password.'),
      policies: z.record(z.string(), z.boolean()),
    }),
  ).superRefine((values, context) => {
    for (const policy of policies) {
      if (!values.policies[policy.id]) {
        context.addIssue({
          code: 'custom',
          path: ['policies', policy.id],
          message: 'You must accept this policy.',
        });
      }
    }
  });
}
type RegisterValues = z.infer<ReturnType<typeof registerSchema>>;

const SERVER_FIELDS = ['email', 'username', 'phone', 'password', 'password_confirmation'] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const presetEmail = searchParams.get('email') ?? '';
  const referrerCode = searchParams.get('ref') ?? undefined;
  // Without a page to return to, a new member starts listening.
  const redirectTarget =
    REDIRECT_TARGETS[searchParams.get('redirectFrom') ?? ''] ??
    intendedPage(searchParams.get(REDIRECT_PARAM)) ??
    PLAYER_HOME;
  const policies = useSetting('registration.policies') ?? [];
  const botCheck = useBotCheck('register');
  const register = useRegisterMutation();
  const billingEnabled = Boolean(useSetting('billing.enable'));
  const [voucher, setVoucher] = useState<AppliedVoucher | null>(null);
  const redeem = useRedeemVoucher();

  /** Where registration leads without a voucher: a plan picked on /pricing goes to its checkout. */
  const afterRegistration = () => {
    const selection = redirectTarget === '/pricing' ? readOnboardingSelection() : null;
    return selection ? `/checkout/${selection.productId}/${selection.priceId}` : redirectTarget;
  };

  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema(policies)),
    defaultValues: {
      email: presetEmail,
      username: '',
      phone: '',
      password: '',
      password_confirmation: '',
      policies: Object.fromEntries(policies.map((policy) => [policy.id, false])),
    },
  });

  const submit = form.handleSubmit(async (values) => {
    // The check says itself when it fails ('Could not verify you are human.').
    if (!(await botCheck.verify())) return;
    const payload: RegisterBody = {
      email: values.email,
      username: values.username,
      phone: values.phone || undefined,
      password: values.password,
      password_confirmation: values.password_confirmation,
      referrer_code: referrerCode,
      ...(voucher ? { voucher_code: voucher.voucher.code } : {}),
      policies: policies.map((policy) => policy.id),
    };
    register.mutate(payload, {
      onSuccess: async (response) => {
        if (response.bootstrapData) setBootstrapData(response.bootstrapData);
        const voucherTarget = voucher ? await redeem(voucher) : undefined;
        // An unverified account lands on the verification screen, which every path shows.
        const target =
          voucherTarget ??
          (response.status === 'needs_email_verification' ? '/' : afterRegistration());
        void navigate(target, { replace: true });
      },
      onError: (error) => applyServerErrors(error, form.setError, SERVER_FIELDS, t),
    });
  });

  const { errors } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);
  const loginPath = presetEmail ? `/login?email=${encodeURIComponent(presetEmail)}` : '/login';
  return (
    <AuthLayout
      heading={t('Create a new account')}
      description={t('Sign up to save music, follow artists and listen anywhere.')}
      footer={
        <AuthFooterLink prompt={t('Already have an account?')} to={loginPath}>
          {t('Sign in.')}
        </AuthFooterLink>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <EmailField
          locked={Boolean(presetEmail)}
          errorMessage={message(errors.email?.message)}
          {...form.register('email')}
        />
        <TextField
          label={t('Username')}
          autoComplete="username"
          required
          errorMessage={message(errors.username?.message)}
          {...form.register('username')}
        />
        <TextField
          label={t('Phone')}
          type="tel"
          autoComplete="tel"
          description={t('Optional')}
          errorMessage={message(errors.phone?.message)}
          {...form.register('phone')}
        />
        <NewPasswordFields form={form} passwordLabel={t('Password')} />
        {policies.length > 0 && (
          <div className="flex flex-col gap-3">
            {policies.map((policy) => (
              <Controller
                key={policy.id}
                control={form.control}
                name={`policies.${policy.id}`}
                render={({ field, fieldState }) => (
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    required
                    errorMessage={message(fieldState.error?.message)}
                    label={
                      <>
                        {t('I accept the')} <PolicyLink policy={policy} />
                      </>
                    }
                  />
                )}
              />
            ))}
          </div>
        )}
        {billingEnabled && <VoucherField applied={voucher} onApplied={setVoucher} />}
        <Button
          type="submit"
          size="lg"
          fullWidth
          isLoading={register.isPending || botCheck.isVerifying}
        >
          {t('Create account')}
        </Button>
      </form>
      <SocialButtons />
    </AuthLayout>
  );
}

function PolicyLink({ policy }: { policy: RegistrationPolicy }) {
  const className = 'font-medium text-primary hover:underline';
  // Policies link to a custom page in the app or to an address elsewhere.
  if (/^https?:\/\//i.test(policy.action)) {
    return (
      <a href={policy.action} target="_blank" rel="noreferrer" className={className}>
        {policy.name}
      </a>
    );
  }
  return (
    <Link to={policy.action} target="_blank" className={className}>
      {policy.name}
    </Link>
  );
}
