import type { LoginBody, RegisterBody } from '#shared/api/auth.ts';
import { api } from '../../lib/api-client.ts';

export interface LoginResult {
  first_login: boolean;
}

/** Calls of the auth screens; login/401 handling of the session lives in lib/session.ts. */
export const authApi = {
  login: (body: LoginBody) => api.post<LoginResult>('/auth/login', body),
  register: (body: RegisterBody) => api.post('/auth/register', body),
  verifyOtp: (body: { email: string; otp: string }) => api.post('/auth/verify-otp', body),
  resendOtp: (body: { email: string }) => api.post('/auth/resend-otp', body),
  forgotPassword: (body: { email: string }) => api.post('/auth/forgot-password', body),
  resetPassword: (body: { email: string; token: string; password: string }) => api.post('/auth/reset-password', body),
};

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
