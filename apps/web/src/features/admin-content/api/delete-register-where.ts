import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangedResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { REGISTER_WHERES_QUERY_KEY, refreshContent } from './content-keys';

/** DELETE /admin/api/register-wheres/:id — members who chose it keep it on their account. */
export const deleteRegisterWhere = (id: number) =>
  api.delete<ChangedResponse>(`/admin/api/register-wheres/${id}`);

export function useDeleteRegisterWhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegisterWhere,
    onSuccess: () => refreshContent(queryClient, REGISTER_WHERES_QUERY_KEY),
  });
}
