import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { NOTICES_QUERY_KEY, refreshContent } from './content-keys';

/** DELETE /admin/api/notices/:id */
export const deleteNotice = (id: number) => call(adminContentApi.deleteNotice, { params: { id } });

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => refreshContent(queryClient, NOTICES_QUERY_KEY),
  });
}
