import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangedResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { POPUPS_QUERY_KEY } from './content-keys';

/** DELETE /admin/api/popups/:id — the image file goes with it. */
export const deletePopup = (id: number) => api.delete<ChangedResponse>(`/admin/api/popups/${id}`);

export function useDeletePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POPUPS_QUERY_KEY }),
  });
}
