import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** DELETE /auth/account: the account stops working at once (docs/product.md#account-page). */
export const deleteAccount = () => api.delete<MessageBody>('/auth/account');

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
