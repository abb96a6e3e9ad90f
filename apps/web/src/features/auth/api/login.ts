import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const login = (input: LoginRequest) => call(authApi.login, { body: input });

export const useLogin = () => useMutation({ mutationFn: login });
