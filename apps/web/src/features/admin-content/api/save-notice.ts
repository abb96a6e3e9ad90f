import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticeRequest, NoticeResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { NOTICES_QUERY_KEY, refreshContent } from './content-keys';

/** POST /admin/api/notices (no id) or PUT /admin/api/notices/:id — {content, isTop, bgColor}. */
export const saveNotice = ({ id, body }: { id: number | null; body: NoticeRequest }) =>
  id === null
    ? api.post<NoticeResponse>('/admin/api/notices', body)
    : api.put<NoticeResponse>(`/admin/api/notices/${id}`, body);

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: () => refreshContent(queryClient, NOTICES_QUERY_KEY),
  });
}
