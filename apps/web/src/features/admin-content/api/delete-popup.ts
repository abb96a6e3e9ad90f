import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POPUPS_QUERY_KEY } from './content-keys';

/** DELETE /admin/api/popups/:id — the image file goes with it. */
export const deletePopup = (id: number) => call(adminContentApi.deletePopup, { params: { id } });

export function useDeletePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POPUPS_QUERY_KEY }),
  });
}
