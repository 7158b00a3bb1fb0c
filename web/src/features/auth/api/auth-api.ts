import type { LoginBody, RegisterBody, RegisterStatus } from '@cadenza/contracts/auth';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export type LoginResponse = { bootstrapData: BootstrapData } | { two_factor: true };

export interface RegisterResponse {
  status: RegisterStatus;
  bootstrapData?: BootstrapData;
}

export type TwoFactorChallengePayload = { code: string } | { recovery_code: string };

export interface ResetPasswordPayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export const authApi = {
  login: (body: LoginBody) => apiClient.post<LoginResponse>('auth/login', body),
  twoFactorChallenge: (body: TwoFactorChallengePayload) =>
    apiClient.post<{ bootstrapData: BootstrapData }>('auth/two-factor-challenge', body),
  register: (body: RegisterBody) => apiClient.post<RegisterResponse>('auth/register', body),
  logout: () => apiClient.post<{ bootstrapData: BootstrapData }>('auth/logout'),
  forgotPassword: (email: string) =>
    apiClient.post<{ message: string }>('auth/forgot-password', { email }),
  resetPassword: (body: ResetPasswordPayload) =>
    apiClient.post<{ message?: string }>('auth/reset-password', body),
  resendVerification: (email: string) =>
    apiClient.post<{ message?: string }>('resend-email-verification', { email }),
  validateVerificationCode: (code: string) =>
    apiClient.post<{ message?: string }>('validate-email-verification-otp', { code }),
};

export function useLoginMutation() {
  return useMutation({ mutationFn: authApi.login });
}

export function useTwoFactorChallengeMutation() {
  return useMutation({ mutationFn: authApi.twoFactorChallenge });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: authApi.register });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: authApi.forgotPassword });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: authApi.resetPassword });
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: authApi.resendVerification });
}

export function useValidateVerificationCodeMutation() {
  return useMutation({ mutationFn: authApi.validateVerificationCode });
}
