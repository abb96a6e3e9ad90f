import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export const login = (input: LoginRequest) => api.post<LoginResponse>('/auth/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
