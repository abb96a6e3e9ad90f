import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangedResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { NOTICES_QUERY_KEY, refreshContent } from './content-keys';

/** DELETE /admin/api/notices/:id */
export const deleteNotice = (id: number) => api.delete<ChangedResponse>(`/admin/api/notices/${id}`);

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => refreshContent(queryClient, NOTICES_QUERY_KEY),
  });
}
