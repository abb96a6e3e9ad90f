import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { REGISTER_WHERES_QUERY_KEY, refreshContent } from './content-keys';

/** POST /admin/api/register-wheres (no id, appended last) or PUT /admin/api/register-wheres/:id — {text}. */
export const saveRegisterWhere = ({ id, text }: { id: number | null; text: string }) =>
  id === null
    ? call(adminContentApi.createRegisterWhere, { body: { text } })
    : call(adminContentApi.updateRegisterWhere, { params: { id }, body: { text } });

export function useSaveRegisterWhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegisterWhere,
    onSuccess: () => refreshContent(queryClient, REGISTER_WHERES_QUERY_KEY),
  });
}
