import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { REGISTER_WHERES_QUERY_KEY, refreshContent } from './content-keys';

/** DELETE /admin/api/register-wheres/:id — members who chose it keep it on their account. */
export const deleteRegisterWhere = (id: number) =>
  call(adminContentApi.deleteRegisterWhere, { params: { id } });

export function useDeleteRegisterWhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegisterWhere,
    onSuccess: () => refreshContent(queryClient, REGISTER_WHERES_QUERY_KEY),
  });
}
