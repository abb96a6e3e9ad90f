import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@smm/domain';
import { api } from '@/lib/api-client';

export interface LoginResponse {
  accessToken: string;
}

export const login = (input: LoginInput) => api.post<LoginResponse>('/auth/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
