import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangedResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { FAQS_QUERY_KEY, refreshContent } from './content-keys';

/** DELETE /admin/api/faq/:id */
export const deleteFaq = (id: number) => api.delete<ChangedResponse>(`/admin/api/faq/${id}`);

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFaq, onSuccess: () => refreshContent(queryClient, FAQS_QUERY_KEY) });
}
