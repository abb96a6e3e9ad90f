import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POPUPS_QUERY_KEY } from './content-keys';

/** PATCH /admin/api/popups/:id {enabled} — shown to members or not. */
export const setPopupEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  call(adminContentApi.setPopupEnabled, { params: { id }, body: { enabled } });

export function useSetPopupEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPopupEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POPUPS_QUERY_KEY }),
  });
}
