import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticeRequest } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { NOTICES_QUERY_KEY, refreshContent } from './content-keys';

/** POST /admin/api/notices (no id) or PUT /admin/api/notices/:id — {content, isTop, bgColor}. */
export const saveNotice = ({ id, body }: { id: number | null; body: NoticeRequest }) =>
  id === null
    ? call(adminContentApi.createNotice, { body })
    : call(adminContentApi.updateNotice, { params: { id }, body });

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: () => refreshContent(queryClient, NOTICES_QUERY_KEY),
  });
}
