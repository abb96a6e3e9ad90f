import { useMutation } from '@tanstack/react-query';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** DELETE /auth/account: the account stops working at once (docs/product.md#account-page). */
export const deleteAccount = () => call(authApi.deleteAccount);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
