import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterWhereResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { REGISTER_WHERES_QUERY_KEY, refreshContent } from './content-keys';

/** POST /admin/api/register-wheres (no id, appended last) or PUT /admin/api/register-wheres/:id — {text}. */
export const saveRegisterWhere = ({ id, text }: { id: number | null; text: string }) =>
  id === null
    ? api.post<RegisterWhereResponse>('/admin/api/register-wheres', { text })
    : api.put<RegisterWhereResponse>(`/admin/api/register-wheres/${id}`, { text });

export function useSaveRegisterWhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegisterWhere,
    onSuccess: () => refreshContent(queryClient, REGISTER_WHERES_QUERY_KEY),
  });
}
