import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** DELETE /auth/account: the account stops working at once (SPEC.md §2 screen 13). */
export const deleteAccount = () => api.delete<MessageBody>('/auth/account');

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
