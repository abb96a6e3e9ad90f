import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** The registration payload (docs/product.md#data-shapes): passwordRe is form-only and never sent. */
export type RegisterPayload = RegisterRequest;

export const register = (payload: RegisterPayload) => call(authApi.register, { body: payload });

export const useRegister = () => useMutation({ mutationFn: register });
