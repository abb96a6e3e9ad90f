import { useMutation } from '@tanstack/react-query';
import type { MessageBody, RegisterRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** The registration payload (docs/product.md#data-shapes): passwordRe is form-only and never sent. */
export type RegisterPayload = RegisterRequest;

export const register = (payload: RegisterPayload) => api.post<MessageBody>('/auth/register', payload);

export const useRegister = () => useMutation({ mutationFn: register });
