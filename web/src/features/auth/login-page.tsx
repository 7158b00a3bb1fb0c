import { loginBodySchema } from '@cadenza/contracts/auth';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { setBootstrapData, useSetting } from '../../api/bootstrap';
import { postLoginRedirect, REDIRECT_PARAM } from '../../app/post-login-redirect';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { TextField } from '../../ui/text-field';
import { useLoginMutation } from './api/auth-api';
import { AuthFooterLink, AuthLayout } from './components/auth-layout';
import { EmailField } from './components/email-field';
import { SocialButtons, type TWO_FACTOR_STATE } from './components/social-buttons';
import { useOpenIdConnectOnly } from './social/social-services';
import { TwoFactorChallenge } from './components/two-factor-challenge';
import { applyServerErrors } from '../../app/error-handling/handle-error';

/** Demo sites open with these filled in, so visitors can look around at once. */
export const DEMO_CREDENTIALS = { email: 'admin@admin.com', password: 'admin' };

const loginSchema = loginBodySchema.extend({ remember: z.boolean() });
type LoginValues = z.infer<typeof loginSchema>;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const presetEmail = searchParams.get('email') ?? '';
  const isDemo = Boolean(useSetting('site.demo'));
  const registrationDisabled = Boolean(useSetting('registration.disable'));
  // "OIDC only" hides the password form; `?password=1` brings it back for admins, and for
  // everyone while the provider is down. Passwords keep working on the server either way.
  const oidcOnly = useOpenIdConnectOnly() && searchParams.get('password') !== '1';
  const location = useLocation();
  // A social sign-in from another page that still needs the code lands here with this state.
  const [needsTwoFactor, setNeedsTwoFactor] = useState(
    (location.state as Partial<typeof TWO_FACTOR_STATE> | null)?.socialTwoFactor === true,
  );
  const login = useLoginMutation();

  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: {
      email: presetEmail || (isDemo ? DEMO_CREDENTIALS.email : ''),
      password: isDemo && !presetEmail ? DEMO_CREDENTIALS.password : '',
      remember: true,
    },
  });

  const finishLogin = (data: BootstrapData) => {
    setBootstrapData(data);
    void navigate(postLoginRedirect(data, searchParams.get(REDIRECT_PARAM)), { replace: true });
  };

  const submit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (response) => {
        if ('two_factor' in response && response.two_factor) setNeedsTwoFactor(true);
        else if ('bootstrapData' in response) finishLogin(response.bootstrapData);
      },
      onError: (error) => applyServerErrors(error, form.setError, ['email', 'password'], t),
    });
  });

  if (needsTwoFactor) {
    return (
      <AuthLayout heading={t('Two-factor authentication')}>
        <TwoFactorChallenge onSuccess={finishLogin} />
      </AuthLayout>
    );
  }

  const { errors } = form.formState;
  const signUpPath = searchParams.toString() ? `/register?${searchParams}` : '/register';
  return (
    <AuthLayout
      heading={t('Login')}
      description={t('Welcome back. Sign in to keep listening.')}
      footer={
        !registrationDisabled && (
          <AuthFooterLink prompt={t("Don't have an account?")} to={signUpPath}>
            {t('Sign up.')}
          </AuthFooterLink>
        )
      }
    >
      {oidcOnly ? (
        <SocialButtons only={['oidc']} onTwoFactor={() => setNeedsTwoFactor(true)} />
      ) : (
        <>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <EmailField
              locked={Boolean(presetEmail)}
              errorMessage={errors.email?.message && t(errors.email.message)}
              {...form.register('email')}
            />
            <div className="flex flex-col gap-2">
              <TextField
                label={t('Password')}
                type="password"
                autoComplete="current-password"
                required
                errorMessage={errors.password?.message && t(errors.password.message)}
                {...form.register('password')}
              />
              <Link
                to="/forgot-password"
                className="self-end text-sm font-medium text-primary hover:underline"
              >
                {t('Forgot your password?')}
              </Link>
            </div>
            <Controller
              control={form.control}
              name="remember"
              render={({ field }) => (
                <Checkbox
                  label={t('Stay signed in for a month')}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              )}
            />
            <Button type="submit" size="lg" fullWidth isLoading={login.isPending}>
              {t('Continue')}
            </Button>
          </form>
          <SocialButtons onTwoFactor={() => setNeedsTwoFactor(true)} />
        </>
      )}
    </AuthLayout>
  );
}
