import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** SPEC.md §3 "Registration payload (plain)": passwordRe is form-only and never sent. */
export interface RegisterPayload {
  id: string;
  password: string;
  email: string;
  registerWhere: string;
  phoneNumber: string;
  sendCode: string;
  referral: string;
  emailCode: string;
}

export const register = (payload: RegisterPayload) =>
  api.post<{ message?: string }>('/auth/register', payload);

export const useRegister = () => useMutation({ mutationFn: register });
